import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors } from '@parley/protocol';
import { api, FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { groupCall, groupWithTabs, joinCall, refusal, stateOf, updatedAbout } from './group-helpers.js';

/**
 * Group calls on the server's meter: each non-member's own connected time counts, and their part ends
 * at the daily limit (120 s here) whether or not the client ever reports, on the fake clock; the call
 * goes on for the others.
 */
const LIMIT_S = 120;

const checkCall = async (t: TestServer, u: TestUser) =>
  (await api<number>(t, 'GET', '/media/checkCall', { token: u.token })).data;
const usedSeconds = async (t: TestServer, u: TestUser) =>
  (await api<{ usedSeconds: number }>(t, 'GET', '/member/info', { token: u.token })).data.usedSeconds;

describe('group call metering', () => {
  let t: TestServer;
  const clock = new FakeClock(Date.UTC(2026, 10, 24, 8, 0, 0));
  const sweep = () => t.server.modules.calls.service.sweep();

  beforeAll(async () => {
    t = await startTestServer(
      { callSweepMs: 0, callDailyLimitSeconds: LIMIT_S, callReconnectGraceMs: 7 * 24 * 3600_000 },
      clock,
    );
  });
  afterAll(() => t?.close());

  it('a non-member who never reports is cut off at the limit; the members talk on; the time is theirs alone', async () => {
    const g = await groupWithTabs(t, 'gmeter', 2);
    const [a, b, c] = g.users;
    const [ta, tb, tc] = g.tabs;
    await t.server.modules.calls.usage.grantMembership(a.wtId, 1);
    await t.server.modules.calls.usage.grantMembership(c.wtId, 1);
    const started = await groupCall(ta, g.group.groupID, [b, c]);
    const { callId, roomID } = started.data;
    // Ringing is not metered: only time once the call connected counts.
    clock.advance(10_000);
    await tb.send('call.accept', { v: 1, callId });
    await tc.send('call.accept', { v: 1, callId });

    clock.advance((LIMIT_S - 1) * 1000);
    expect(await sweep()).toBe(0);
    expect(await checkCall(t, b)).toBe(0);
    clock.advance(1000); // b's timer, set when the call connected, fires
    const cut = await updatedAbout(tb, CallAction.limit, b);
    expect(cut.call.status).toBe('connected');
    expect(stateOf(cut.call, b)).toBe('left');
    expect(stateOf((await updatedAbout(ta, CallAction.limit, b)).call, b)).toBe('left');

    expect(await checkCall(t, b)).toBe(1);
    expect(await usedSeconds(t, b)).toBe(LIMIT_S);
    expect(await joinCall(tb, g.group.groupID, roomID)).toMatchObject(refusal(Errors.callLimitReached));
    // The members go on; their time is counted but never cut.
    clock.advance(3600_000);
    expect(await sweep()).toBe(0);
    expect(await usedSeconds(t, a)).toBe(LIMIT_S + 3600);
    expect(await usedSeconds(t, b)).toBe(LIMIT_S);
    expect((await ta.send('call.ping', { v: 1, callId })).data).toMatchObject({ status: 'connected' });
    g.close();
  });

  it('the sweeper cuts a non-member off when no timer is left (another node, a restart)', async () => {
    const g = await groupWithTabs(t, 'gswept', 1);
    const [a, b] = g.users;
    const [ta, tb] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b]);
    await tb.send('call.accept', { v: 1, callId: started.data.callId });
    t.server.modules.calls.service.limitTimers.clear();
    clock.advance(LIMIT_S * 1000 + 5000);
    // Both are non-members: both are cut, and with nobody left the call ends.
    expect(await sweep()).toBe(2);
    const ended = await updatedAbout(ta, CallAction.limit, b);
    expect(ended.call).toMatchObject({ status: 'ended', endReason: 'limit' });
    expect(await usedSeconds(t, a)).toBe(LIMIT_S + 5);
    expect(await usedSeconds(t, b)).toBe(LIMIT_S + 5);
    g.close();
  });
});
