import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInfo } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { befriend, callCards, invite, newUser, openTab, type Tab } from '../calls/helpers.js';

// Rings: a caller may start CALL_RINGS_PER_MINUTE calls a minute and one callee may be rung
// CALL_RINGS_RECEIVED_PER_MINUTE times a minute by everyone together; beyond, the invitation is
// refused before any call (or call card) exists.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      callSweepMs: 0,
      limits: { ...DEFAULT_LIMITS, callRingsPerMinute: 3, callRingsReceivedPerMinute: 4 },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { code: 429, msg: '操作过于频繁，请稍后再试', data: null };

async function ringAndCancel(tab: Tab, callee: Parameters<typeof invite>[1]) {
  const ack = await invite(tab, callee);
  if (ack.code !== 200) return ack;
  const cancelled = await tab.send<CallInfo>('call.cancel', { v: 1, callId: ack.data.callId });
  expect(cancelled.code).toBe(200);
  return ack;
}

describe('call rings', () => {
  it('a caller rings 3 times a minute; the 4th is refused and leaves no card', async () => {
    const a = await newUser(t, 'ringer');
    const b = await newUser(t, 'rung');
    await befriend(t, a, b);
    const tab = await openTab(t, a);
    for (let i = 0; i < 3; i++) expect((await ringAndCancel(tab, b)).code).toBe(200);
    expect(await invite(tab, b)).toMatchObject(RATE_LIMITED);
    expect(await callCards(t, b, a)).toHaveLength(3);
    clock.advance(60_000);
    expect((await ringAndCancel(tab, b)).code).toBe(200);
    tab.close();
  });

  it('one callee is rung 4 times a minute by everyone together', async () => {
    const callee = await newUser(t, 'popular');
    const callers = await Promise.all([1, 2, 3].map((i) => newUser(t, `caller${i}`)));
    for (const c of callers) await befriend(t, c, callee);
    const tabs = await Promise.all(callers.map((c) => openTab(t, c)));
    expect((await ringAndCancel(tabs[0]!, callee)).code).toBe(200);
    expect((await ringAndCancel(tabs[0]!, callee)).code).toBe(200);
    expect((await ringAndCancel(tabs[1]!, callee)).code).toBe(200);
    expect((await ringAndCancel(tabs[2]!, callee)).code).toBe(200);
    expect(await invite(tabs[2]!, callee)).toMatchObject(RATE_LIMITED);
    expect(await invite(tabs[1]!, callee)).toMatchObject(RATE_LIMITED);
    // The callers may still ring someone else.
    const other = await newUser(t, 'other');
    await befriend(t, callers[1]!, other);
    expect((await ringAndCancel(tabs[1]!, other)).code).toBe(200);
    for (const tab of tabs) tab.close();
  });
});
