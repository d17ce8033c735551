import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { befriend, sendText } from '../messaging/helpers.js';
import { createGroup, newUser, sendGroup } from '../messaging/group-helpers.js';

// One send budget per user: one-to-one and group sends draw on the same MESSAGE_SEND_PER_MINUTE,
// on one node as with Redis (where both always counted one key).
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 4 }, clock);
});
afterAll(() => t.close());

const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试' };

describe('send budget', () => {
  it('one-to-one and group sends share one budget a minute', async () => {
    const a = await newUser(t, 'budget_a');
    const b = await newUser(t, 'budget_b');
    await befriend(t, a, b);
    const g = await createGroup(t, a, [b]);
    expect((await sendText(t, a, b, 'one')).code).toBe(200);
    expect((await sendGroup(t, a, g, 'two')).code).toBe(200);
    expect((await sendText(t, a, b, 'three')).code).toBe(200);
    expect((await sendGroup(t, a, g, 'four')).code).toBe(200);
    expect(await sendGroup(t, a, g, 'five')).toMatchObject(RATE_LIMITED);
    expect(await sendText(t, a, b, 'six')).toMatchObject(RATE_LIMITED);
    // The other user's budget is their own.
    expect((await sendText(t, b, a, 'reply')).code).toBe(200);
    clock.advance(60_000);
    expect((await sendGroup(t, a, g, 'next minute')).code).toBe(200);
    expect((await sendText(t, a, b, 'next minute')).code).toBe(200);
  });
});
