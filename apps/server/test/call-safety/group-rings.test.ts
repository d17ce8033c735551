import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../../src/config-limits.js';
import { api, FakeClock, ROOMY_LIMITS, startTestServer, type Frame, type TestServer } from '../helpers.js';
import type { TestUser } from '../helpers.js';
import {
  groupCall,
  groupChanged,
  groupInfo,
  groupWithTabs,
  inviteMore,
  refusal,
  stateOf,
  updatedAbout,
  type Tab,
} from '../calls/group-helpers.js';

// Group rings count like one-to-one rings: a start or an invitation is one ring of the caller's
// (CALL_RINGS_PER_MINUTE), each person rung one of theirs (CALL_RINGS_RECEIVED_PER_MINUTE); and
// nobody is rung by someone they blacklisted.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {
      callSweepMs: 0,
      callInviteTimeoutMs: 30_000,
      limits: { ...DEFAULT_LIMITS, ...ROOMY_LIMITS, callRingsPerMinute: 4, callRingsReceivedPerMinute: 3 },
    },
    clock,
  );
});
afterAll(() => t.close());

const RATE_LIMITED = { code: 429, msg: '操作过于频繁，请稍后再试', data: null };

/** The `call.updated` frames about `callId` a tab received so far. */
const updatesOf = (tab: Tab, callId: string) =>
  tab.socket.frames.filter(
    (f: Frame) =>
      f.type === 'call.updated' && (f.data as { call: { callId: string } }).call.callId === callId,
  );

/** Starts the group's call ringing `invitees`, expects 200, and cancels it; returns the call ID. */
async function ringAndCancel(tab: Tab, groupID: string, invitees: TestUser[]): Promise<string> {
  const started = await groupCall(tab, groupID, invitees);
  expect(started.code).toBe(200);
  expect((await tab.send('call.cancel', { v: 1, callId: started.data.callId })).code).toBe(200);
  return started.data.callId;
}

const blacklist = (user: TestUser, target: TestUser) =>
  api(t, 'POST', '/user/friendBlack/add', { token: user.token, body: { friendWtId: target.wtId } });

describe('group rings and the ring limits', () => {
  it('a start counts once for the caller: the 5th start in a minute is refused and starts nothing', async () => {
    const g = await groupWithTabs(t, 'grl', 2);
    const [, b, c] = g.users;
    const [ta] = g.tabs;
    for (const who of [b, c, b, c]) await ringAndCancel(ta, g.group.groupID, [who]);
    expect(await groupCall(ta, g.group.groupID, [b])).toMatchObject(RATE_LIMITED);
    expect((await groupInfo(t, g.users[0], g.group.groupID)).data.call).toBeNull();
    clock.advance(60_000);
    await ringAndCancel(ta, g.group.groupID, [b]);
    g.close();
  });

  it('an invitation into the call counts for the inviter too', async () => {
    const g = await groupWithTabs(t, 'gri', 5);
    const [, b, c, d, e] = g.users;
    const [ta, tb] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b]);
    const callId = started.data.callId;
    expect((await tb.send('call.accept', { v: 1, callId })).code).toBe(200);
    expect((await inviteMore(ta, callId, [c])).code).toBe(200);
    expect((await inviteMore(ta, callId, [d])).code).toBe(200);
    expect((await inviteMore(ta, callId, [e])).code).toBe(200);
    // Four rings of a's this minute: the start and three invitations.
    expect(await inviteMore(ta, callId, [g.users[5]])).toMatchObject(RATE_LIMITED);
    // b's own budget is untouched.
    expect((await inviteMore(tb, callId, [g.users[5]])).code).toBe(200);
    clock.advance(60_000);
    g.close();
  });

  it('each person rung counts against what they may receive: one over it is left out, the others ring', async () => {
    const g = await groupWithTabs(t, 'grr', 4);
    const [a, b, c, d, x] = g.users;
    expect(x).toBeDefined();
    const [ta, tb, , td, tx] = g.tabs;
    await ringAndCancel(ta, g.group.groupID, [b, c]);
    await ringAndCancel(ta, g.group.groupID, [b]);
    await ringAndCancel(ta, g.group.groupID, [b]);
    // b has been rung 3 times this minute: a's 4th start rings d only.
    const started = await groupCall(ta, g.group.groupID, [b, d]);
    expect(started.code).toBe(200);
    const callId = started.data.callId;
    expect(started.data.members.map((m) => [m.wtId, m.state])).toEqual([
      [a.wtId, 'joined'],
      [d.wtId, 'ringing'],
    ]);
    await updatedAbout(td, CallAction.invite, d);
    // b sees the group's banner (every member does) but no ring of this call.
    await groupChanged(tb, g.group.groupID, (call) => call?.callId === callId);
    expect(updatesOf(tb, callId)).toEqual([]);
    expect((await ta.send('call.cancel', { v: 1, callId })).code).toBe(200);
    // Someone else ringing only b: nobody is left to ring.
    expect(await groupCall(tx, g.group.groupID, [b])).toMatchObject(RATE_LIMITED);
    expect((await groupInfo(t, x, g.group.groupID)).data.call).toBeNull();
    clock.advance(60_000);
    g.close();
  });
});

describe('group rings and the blacklist', () => {
  it('a member who blacklisted the caller is left out of the start and of invitations; others may still ring them', async () => {
    const g = await groupWithTabs(t, 'grb', 4);
    const [a, b, c, d] = g.users;
    const [ta, tb, tc, td] = g.tabs;
    expect((await blacklist(b, a)).code).toBe(200);

    const started = await groupCall(ta, g.group.groupID, [b, c]);
    expect(started.code).toBe(200);
    const callId = started.data.callId;
    expect(started.data.members.map((m) => [m.wtId, m.state])).toEqual([
      [a.wtId, 'joined'],
      [c.wtId, 'ringing'],
    ]);
    await groupChanged(tb, g.group.groupID, (call) => call?.callId === callId);
    expect(updatesOf(tb, callId)).toEqual([]);
    expect((await tc.send('call.accept', { v: 1, callId })).code).toBe(200);

    // Naming only b: refused as a one-to-one call to b would be.
    expect(await inviteMore(ta, callId, [b])).toMatchObject(refusal(Errors.blacklisted));
    expect(Errors.blacklisted.msg).toBe('对方已将你加入黑名单，消息发送失败');
    const more = await inviteMore(ta, callId, [b, d]);
    expect(more.code).toBe(200);
    expect(stateOf(more.data, b)).toBeUndefined();
    expect(stateOf(more.data, d)).toBe('ringing');
    await updatedAbout(td, CallAction.invite, d);
    // b has the banners of c's accept and of d's invitation, and still no frame of the call.
    await groupChanged(tb, g.group.groupID, (call) => call?.callId === callId);
    await groupChanged(tb, g.group.groupID, (call) => call?.callId === callId);
    expect(updatesOf(tb, callId)).toEqual([]);

    // b blacklisted a, not c: c's invitation rings b.
    expect(stateOf((await inviteMore(tc, callId, [b])).data, b)).toBe('ringing');
    const rung = await updatedAbout(tb, CallAction.invite, b);
    expect(rung.call).toMatchObject({ callId, status: 'connected', role: 'callee' });
    g.close();
  });

  it('a start naming only people who blacklisted the caller is refused and starts nothing', async () => {
    const g = await groupWithTabs(t, 'grs', 2);
    const [a, b, c] = g.users;
    const [ta, tb] = g.tabs;
    expect((await blacklist(b, a)).code).toBe(200);
    expect((await blacklist(c, a)).code).toBe(200);
    expect(await groupCall(ta, g.group.groupID, [b, c])).toMatchObject({
      code: 20007,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    expect((await groupInfo(t, b, g.group.groupID)).data.call).toBeNull();
    // c (blacklisted by nobody) rings b: that call is the only one b ever heard of.
    const tc = g.tabs[2];
    const byC = await groupCall(tc, g.group.groupID, [b]);
    expect(byC.code).toBe(200);
    await updatedAbout(tb, CallAction.invite, b);
    const updates = tb.socket.frames.filter((f) => f.type === 'call.updated');
    expect(updates.length).toBeGreaterThan(0);
    expect(updates).toEqual(updatesOf(tb, byC.data.callId));
    g.close();
  });
});
