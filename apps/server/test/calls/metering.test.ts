import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors, type CallInfo } from '@parley/protocol';
import { api, FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, callCards, invite, newUser, openTab, type Tab } from './helpers.js';

/**
 * The server meters call time itself from the call records: a non-member caller's call ends at the
 * daily limit (120 s here) whether or not the client ever reports (/media/*), on the fake clock.
 */
const LIMIT_S = 120;
const refusal = (e: { code: number; msg: string }) => ({ code: e.code, msg: e.msg });

async function meteringServer(clock: FakeClock): Promise<TestServer> {
  // Parties never need to ping here: the grace period is longer than any test's clock.
  return startTestServer(
    { callSweepMs: 0, callDailyLimitSeconds: LIMIT_S, callReconnectGraceMs: 7 * 24 * 3600_000 },
    clock,
  );
}

/** a calls b (friends) and b accepts; both tabs are open. */
async function connected(t: TestServer, prefix: string) {
  const a = await newUser(t, `${prefix}_a`);
  const b = await newUser(t, `${prefix}_b`);
  await befriend(t, a, b);
  const ta = await openTab(t, a);
  const tb = await openTab(t, b);
  const { data: call } = await invite(ta, b);
  await tb.updated(CallAction.invite);
  expect((await tb.send('call.accept', { v: 1, callId: call.callId })).data.status).toBe('connected');
  await ta.updated(CallAction.accept);
  return { a, b, ta, tb, callId: call.callId };
}

const current = async (t: TestServer, u: TestUser) =>
  (await api<{ call: CallInfo | null }>(t, 'GET', '/call/current', { token: u.token })).data.call;
const checkCall = async (t: TestServer, u: TestUser) =>
  (await api<number>(t, 'GET', '/media/checkCall', { token: u.token })).data;
const usedSeconds = async (t: TestServer, u: TestUser) =>
  (await api<{ usedSeconds: number }>(t, 'GET', '/member/info', { token: u.token })).data.usedSeconds;

function closeAll(...tabs: Tab[]) {
  for (const tab of tabs) tab.close();
}

describe('server-side call metering', () => {
  let t: TestServer;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 8, 0, 0));
  const sweep = () => t.server.modules.calls.service.sweep();

  beforeAll(async () => {
    t = await meteringServer(clock);
  });
  afterAll(() => t?.close());

  it('a caller that never reports is cut off at the limit: both sides told, the card posted, new calls refused', async () => {
    const { a, b, ta, tb, callId } = await connected(t, 'mute');
    clock.advance((LIMIT_S - 1) * 1000);
    expect(await sweep()).toBe(0);
    expect((await current(t, a))?.status).toBe('connected');
    expect(await checkCall(t, a)).toBe(0);

    clock.advance(1000); // the timer set at connect for the remaining allowance fires
    const [mine, theirs] = await Promise.all([ta.updated(CallAction.limit), tb.updated(CallAction.limit)]);
    expect(mine.call).toMatchObject({ callId, status: 'ended', endReason: 'limit', role: 'caller' });
    expect(theirs.call).toMatchObject({ callId, status: 'ended', endReason: 'limit', role: 'callee' });
    expect(await current(t, a)).toBeNull();
    expect((await callCards(t, a, b)).length).toBe(1);

    // The poll and the next call read the server's figures.
    expect(await checkCall(t, a)).toBe(1);
    expect(await usedSeconds(t, a)).toBe(LIMIT_S);
    expect(await invite(ta, b)).toMatchObject(refusal(Errors.callLimitReached));
    expect(
      await api(t, 'POST', '/media/call', { token: a.token, body: { acceptWtId: b.wtId, callType: 2 } }),
    ).toMatchObject(Errors.callLimitReached);
    // Only the caller's outgoing time counts: the callee may still place a call.
    expect(await checkCall(t, b)).toBe(0);
    expect(await usedSeconds(t, b)).toBe(0);
    closeAll(ta, tb);
  });

  it('the sweeper ends a call past the limit when no timer is left (another node, a restart)', async () => {
    const { a, ta, tb, callId } = await connected(t, 'swept');
    t.server.modules.calls.service.limitTimers.clear();
    clock.advance(LIMIT_S * 1000 + 5000);
    expect((await current(t, a))?.status).toBe('connected');
    expect(await sweep()).toBe(1);
    const ended = await ta.updated(CallAction.limit);
    expect(ended.call).toMatchObject({ callId, endReason: 'limit' });
    await tb.updated(CallAction.limit);
    expect(await usedSeconds(t, a)).toBe(LIMIT_S + 5);
    closeAll(ta, tb);
  });

  it('time left over from earlier calls today is what the next call gets', async () => {
    const { a, b, ta, tb, callId } = await connected(t, 'twice');
    clock.advance(50_000);
    expect((await ta.send('call.hangup', { v: 1, callId })).code).toBe(200);
    await tb.updated(CallAction.hangup);
    expect(await usedSeconds(t, a)).toBe(50);

    const { data: second } = await invite(ta, b);
    await tb.updated(CallAction.invite);
    await tb.send('call.accept', { v: 1, callId: second.callId });
    clock.advance((LIMIT_S - 50 - 1) * 1000);
    expect((await current(t, a))?.status).toBe('connected');
    clock.advance(1000);
    await ta.updated(CallAction.limit);
    expect(await usedSeconds(t, a)).toBe(LIMIT_S);
    closeAll(ta, tb);
  });

  it('a member is not cut off; a caller who becomes a member during the call keeps talking', async () => {
    const member = await connected(t, 'vip');
    await t.server.modules.calls.usage.grantMembership(member.a.wtId, 1);
    // Membership granted before the call connected: no limit at all.
    expect((await member.ta.send('call.hangup', { v: 1, callId: member.callId })).code).toBe(200);
    const { data: again } = await invite(member.ta, member.b);
    await member.tb.updated(CallAction.invite);
    await member.tb.send('call.accept', { v: 1, callId: again.callId });
    clock.advance(3 * 3600_000);
    expect(await sweep()).toBe(0);
    expect((await current(t, member.a))?.status).toBe('connected');
    expect(await checkCall(t, member.a)).toBe(0);
    expect(await usedSeconds(t, member.a)).toBe(3 * 3600);
    closeAll(member.ta, member.tb);

    const late = await connected(t, 'upgrade');
    clock.advance(60_000);
    await t.server.modules.calls.usage.grantMembership(late.a.wtId, 1);
    clock.advance(60_000); // the timer fires, finds a member, and leaves the call alone
    clock.advance(3600_000);
    expect(await sweep()).toBe(0);
    expect((await current(t, late.a))?.status).toBe('connected');
    closeAll(late.ta, late.tb);
  });

  it('the client’s reports change nothing: /media/uploadCall answers from the server’s meter', async () => {
    const { a, b, ta, tb } = await connected(t, 'report');
    const record = await api<{ callId: number }>(t, 'POST', '/media/call', {
      token: a.token,
      body: { acceptWtId: b.wtId, callType: 2 },
    });
    expect(record.code).toBe(200);
    clock.advance(60_000);
    expect(
      (
        await api<number>(t, 'POST', '/media/uploadCall', {
          token: a.token,
          body: { callId: record.data.callId },
        })
      ).data,
    ).toBe(0);
    clock.advance(60_000);
    await ta.updated(CallAction.limit);
    // The record is still open (the client did not close it), but the answer is the server's.
    expect(
      (
        await api<number>(t, 'POST', '/media/uploadCall', {
          token: a.token,
          body: { callId: record.data.callId },
        })
      ).data,
    ).toBe(1);
    closeAll(ta, tb);
  });
});

describe('a call across midnight (UTC)', () => {
  it('counts on the day it connected; the next day starts from zero', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 23, 23, 59, 0));
    const t = await meteringServer(clock);
    try {
      const { a, ta, tb } = await connected(t, 'night');
      clock.advance(90_000); // 00:00:30 the next day, still within yesterday's allowance
      expect((await current(t, a))?.status).toBe('connected');
      expect(await usedSeconds(t, a)).toBe(0);
      expect(await checkCall(t, a)).toBe(0);
      clock.advance(30_000); // 120 s since it connected: yesterday's allowance is used up
      await ta.updated(CallAction.limit);
      await tb.updated(CallAction.limit);
      expect(await usedSeconds(t, a)).toBe(0);
      expect(await checkCall(t, a)).toBe(0);
      closeAll(ta, tb);
    } finally {
      await t.close();
    }
  });
});

describe('/media/call follows the rules of placing the call', () => {
  it('self, unknown, stranger and blacklist either way get the same answer as call.invite; no record is opened', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 23, 8, 0, 0));
    const t = await meteringServer(clock);
    try {
      const a = await newUser(t, 'rule_a');
      const friend = await newUser(t, 'rule_f');
      const stranger = await newUser(t, 'rule_s');
      await befriend(t, a, friend);
      const ta = await openTab(t, a);
      const media = (wtId: string) =>
        api(t, 'POST', '/media/call', { token: a.token, body: { acceptWtId: wtId, callType: 2 } });
      const both = async (wtId: string, expected: { code: number; msg: string }) => {
        expect(await media(wtId)).toMatchObject(refusal(expected));
        expect(await ta.send('call.invite', { v: 1, userID: wtId, type: 2 })).toMatchObject(
          refusal(expected),
        );
      };
      await both(a.wtId, { code: 23001, msg: '不能呼叫自己' });
      await both(stranger.wtId, Errors.callNotFriend);
      await both('nobody_here_x', Errors.userNotFound);

      const block = (by: TestUser, whom: TestUser, path: 'add' | 'deleteByUserId') =>
        api(t, 'POST', `/user/friendBlack/${path}`, { token: by.token, body: { friendWtId: whom.wtId } });
      expect((await block(friend, a, 'add')).code).toBe(200);
      await both(friend.wtId, Errors.blacklisted);
      expect((await block(friend, a, 'deleteByUserId')).code).toBe(200);
      expect((await block(a, friend, 'add')).code).toBe(200);
      await both(friend.wtId, Errors.targetInMyBlacklist);
      expect((await block(a, friend, 'deleteByUserId')).code).toBe(200);

      // A friend: the record opens (and only then).
      const ok = await media(friend.wtId);
      expect(ok.code).toBe(200);
      expect(
        await api(t, 'POST', '/media/exitCall', {
          token: a.token,
          body: { callId: (ok.data as { callId: number }).callId },
        }),
      ).toMatchObject({ code: 200 });
      ta.close();
    } finally {
      await t.close();
    }
  });
});
