import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors, type CallInfo } from '@parley/protocol';
import { api, FakeClock, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, callCards, invite, newUser, openTab } from '../calls/helpers.js';
import { groupCall, groupWithTabs, refusal, updatedAbout } from '../calls/group-helpers.js';

// Accepting a ring after a blacklist, and who may ping a call.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ callSweepMs: 0, callInviteTimeoutMs: 30_000 }, clock);
});
afterAll(() => t.close());

async function pair(): Promise<[TestUser, TestUser]> {
  const a = await newUser(t, 'bcaller');
  const b = await newUser(t, 'bcallee');
  await befriend(t, a, b);
  return [a, b];
}

const blacklist = (user: TestUser, target: TestUser) =>
  api(t, 'POST', '/user/friendBlack/add', { token: user.token, body: { friendWtId: target.wtId } });

const current = async (user: TestUser) =>
  (await api<{ call: CallInfo | null }>(t, 'GET', '/call/current', { token: user.token })).data.call;

const NOT_JOINED = { code: 23008, msg: '你尚未加入该通话' };

describe('accepting after a blacklist', () => {
  it('the callee blacklisted the caller while it rang: the accept is refused (21005) and the call is declined for both', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    await tb.updated(CallAction.invite);
    expect((await blacklist(b, a)).code).toBe(200);
    expect(await tb.send('call.accept', { v: 1, callId: call.callId })).toMatchObject({
      code: 21005,
      msg: '对方在你的黑名单中，请先移出黑名单',
    });
    for (const tab of [ta, tb]) {
      const ended = await tab.updated(CallAction.reject);
      expect(ended.call).toMatchObject({ callId: call.callId, status: 'ended', endReason: 'reject' });
    }
    expect(await current(a)).toBeNull();
    expect(await current(b)).toBeNull();
    expect((await callCards(t, a, b)).map((m) => m.card.result)).toEqual(['declined']);
    ta.close();
    tb.close();
  });

  it('the caller blacklisted the callee while it rang: the accept is refused (20007) and the call is withdrawn for both', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    await tb.updated(CallAction.invite);
    expect((await blacklist(a, b)).code).toBe(200);
    expect(await tb.send('call.accept', { v: 1, callId: call.callId })).toMatchObject(
      refusal(Errors.blacklisted),
    );
    for (const tab of [ta, tb]) {
      const ended = await tab.updated(CallAction.cancel);
      expect(ended.call).toMatchObject({ callId: call.callId, status: 'ended', endReason: 'cancel' });
    }
    expect(await current(b)).toBeNull();
    expect((await callCards(t, b, a)).map((m) => m.card.result)).toEqual(['canceled']);
    // No call.updated with the accept reached either of them.
    for (const tab of [ta, tb]) {
      const accepts = tab.socket.frames.filter(
        (f) => f.type === 'call.updated' && (f.data as { action: number }).action === CallAction.accept,
      );
      expect(accepts).toEqual([]);
    }
    ta.close();
    tb.close();
  });

  it('the refusals are in the callee’s language (en, ja)', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const [a, b] = await pair();
      const ta = await openTab(t, a);
      const { data: call } = await invite(ta, b);
      const sb = await openSocket(t, b.token, `lang=${lang}`);
      await sb.next((f) => f.type === 'hello');
      sb.send({ id: `p-${lang}`, type: 'call.ping', data: { v: 1, callId: call.callId } });
      expect(await sb.next((f) => f.type === 'ack' && f.id === `p-${lang}`)).toMatchObject({
        code: 23008,
        msg: Errors.callNotJoined.texts[lang],
      });
      expect((await blacklist(b, a)).code).toBe(200);
      sb.send({ id: `a-${lang}`, type: 'call.accept', data: { v: 1, callId: call.callId } });
      expect(await sb.next((f) => f.type === 'ack' && f.id === `a-${lang}`)).toMatchObject({
        code: 21005,
        msg: Errors.targetInMyBlacklist.texts[lang],
      });
      expect(Errors.callNotJoined.texts.en).toBe('You have not joined this call.');
      sb.close();
      ta.close();
    }
  });
});

describe('who may ping', () => {
  it('one-to-one: the ringing callee is refused (23008); the caller may; the callee once they accepted, also after the end', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    const callId = call.callId;
    expect(await tb.send('call.ping', { v: 1, callId })).toMatchObject(NOT_JOINED);
    expect(await ta.send('call.ping', { v: 1, callId })).toMatchObject({
      code: 200,
      data: { status: 'ringing' },
    });
    // The ringing callee still finds the call after a reload.
    expect(await current(b)).toMatchObject({ callId, status: 'ringing', role: 'callee' });
    expect((await tb.send('call.accept', { v: 1, callId })).code).toBe(200);
    expect(await tb.send('call.ping', { v: 1, callId })).toMatchObject({
      code: 200,
      data: { status: 'connected' },
    });
    expect((await ta.send('call.hangup', { v: 1, callId })).code).toBe(200);
    expect(await tb.send('call.ping', { v: 1, callId })).toMatchObject({
      code: 200,
      data: { status: 'ended' },
    });
    ta.close();
    tb.close();
  });

  it('one-to-one: a callee who never answered cannot ping the ended call either', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    expect((await tb.send('call.reject', { v: 1, callId: call.callId })).code).toBe(200);
    expect(await tb.send('call.ping', { v: 1, callId: call.callId })).toMatchObject(NOT_JOINED);
    ta.close();
    tb.close();
  });

  it('group: a ringing or rejecting invitee is refused (23008); joined members and the caller may; outsiders get 23003', async () => {
    const g = await groupWithTabs(t, 'gping', 3);
    const [, b, c] = g.users;
    const [ta, tb, tc, td] = g.tabs;
    const started = await groupCall(ta, g.group.groupID, [b, c]);
    const callId = started.data.callId;
    await updatedAbout(tb, CallAction.invite, b);
    expect(await tb.send('call.ping', { v: 1, callId })).toMatchObject(NOT_JOINED);
    expect((await ta.send('call.ping', { v: 1, callId })).code).toBe(200);
    expect(await td.send('call.ping', { v: 1, callId })).toMatchObject(refusal(Errors.callNotFound));
    expect((await tb.send('call.accept', { v: 1, callId })).code).toBe(200);
    expect(await tb.send('call.ping', { v: 1, callId })).toMatchObject({
      code: 200,
      data: { status: 'connected' },
    });
    expect((await tc.send('call.reject', { v: 1, callId })).code).toBe(200);
    expect(await tc.send('call.ping', { v: 1, callId })).toMatchObject(NOT_JOINED);
    // Someone who left may still learn how the call stands.
    expect((await tb.send('call.hangup', { v: 1, callId })).code).toBe(200);
    expect((await tb.send('call.ping', { v: 1, callId })).code).toBe(200);
    g.close();
  });
});
