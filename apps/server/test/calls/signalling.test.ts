import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, CallAction, type CallSignal } from '@parley/protocol';
import { api, FakeClock, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, callCards, invite, newUser, openTab, type Tab } from './helpers.js';

/** A refusal as an ack carries it: the catalogue code and text. */
const refusal = (e: { code: number; msg: string }) => ({ code: e.code, msg: e.msg });

/** The signalling state machine over real sockets and a real database (fake clock; sweeps by hand). */
describe('call signalling', () => {
  let t: TestServer;
  const clock = new FakeClock();
  const sweep = () => t.server.modules.calls.service.sweep();

  beforeAll(async () => {
    t = await startTestServer(
      { callSweepMs: 0, callInviteTimeoutMs: 30_000, callReconnectGraceMs: 20_000 },
      clock,
    );
  });
  afterAll(() => t?.close());

  async function pair(): Promise<[TestUser, TestUser]> {
    const a = await newUser(t, 'caller');
    const b = await newUser(t, 'callee');
    await befriend(t, a, b);
    return [a, b];
  }

  it('invite rings every tab of the callee; accepting in one tab stops the others; a second accept is refused', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb1 = await openTab(t, b);
    const tb2 = await openTab(t, b);
    const ack = await invite(ta, b, 2);
    expect(ack.code).toBe(200);
    expect(ack.data).toMatchObject({
      status: 'ringing',
      role: 'caller',
      mediaType: 2,
      connectionId: ta.connectionId,
    });
    expect(ack.data.roomID).toBeGreaterThan(0);
    expect(ack.data.roomID).toBeLessThanOrEqual(2147483647);
    const rung1 = await tb1.updated(CallAction.invite);
    const rung2 = await tb2.updated(CallAction.invite);
    expect(rung1.call).toMatchObject({
      callId: ack.data.callId,
      role: 'callee',
      status: 'ringing',
      connectionId: null,
    });
    expect(rung1.call.caller.wtId).toBe(a.wtId);
    expect(rung2.call.callId).toBe(ack.data.callId);

    const accepted = await tb2.send('call.accept', { v: 1, callId: ack.data.callId });
    expect(accepted.data).toMatchObject({ status: 'connected', connectionId: tb2.connectionId });
    // The other tab learns that tab 2 holds the call (so it stops ringing).
    const other = await tb1.updated(CallAction.accept);
    expect(other.call.connectionId).toBe(tb2.connectionId);
    expect((await ta.updated(CallAction.accept)).call.status).toBe('connected');
    const late = await tb1.send('call.accept', { v: 1, callId: ack.data.callId });
    expect(late).toMatchObject({ code: 23004, msg: '通话状态已变化' });

    // Only the two holder tabs relay media descriptions; the callee's other tab may not inject.
    const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    expect((await ta.send('call.signal', { v: 1, callId: ack.data.callId, kind: 'offer', sdp })).code).toBe(
      200,
    );
    const got = await tb2.socket.next((f) => f.type === 'call.signal');
    expect(got.data as CallSignal).toMatchObject({
      kind: 'offer',
      sdp,
      fromID: a.wtId,
      callId: ack.data.callId,
    });
    const injected = await tb1.send('call.signal', { v: 1, callId: ack.data.callId, kind: 'answer', sdp });
    expect(injected).toMatchObject(refusal(Errors.forbidden));
    const cand = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(
      (await tb2.send('call.signal', { v: 1, callId: ack.data.callId, kind: 'candidate', candidate: cand }))
        .code,
    ).toBe(200);
    expect((await ta.socket.next((f) => f.type === 'call.signal')).data).toMatchObject({
      kind: 'candidate',
      candidate: cand,
    });

    clock.advance(65_000);
    await ta.send('call.ping', { v: 1, callId: ack.data.callId });
    await tb2.send('call.ping', { v: 1, callId: ack.data.callId });
    const hung = await tb2.send('call.hangup', { v: 1, callId: ack.data.callId });
    expect(hung.data).toMatchObject({ status: 'ended', endReason: 'hangup' });
    expect((await ta.updated(CallAction.hangup)).call.endReason).toBe('hangup');
    const cards = await callCards(t, a, b);
    expect(cards.map((c) => c.card)).toEqual([
      expect.objectContaining({
        result: 'answered',
        duration: 65,
        callMediaType: 2,
        callId: ack.data.callId,
      }),
    ]);
    expect((await callCards(t, b, a)).map((c) => c.card.result)).toEqual(['answered']);
    expect(await ta.send('call.hangup', { v: 1, callId: ack.data.callId })).toMatchObject(
      refusal(Errors.callStateChanged),
    );
    for (const tab of [ta, tb1, tb2]) tab.close();
  });

  it('cancel before answer: both sides hear it and get the Canceled card', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b, 1);
    await tb.updated(CallAction.invite);
    // The callee cannot cancel.
    expect(await tb.send('call.cancel', { v: 1, callId: call.callId })).toMatchObject(
      refusal(Errors.forbidden),
    );
    const res = await ta.send('call.cancel', { v: 1, callId: call.callId });
    expect(res.data).toMatchObject({ status: 'ended', endReason: 'cancel' });
    expect((await tb.updated(CallAction.cancel)).call.endReason).toBe('cancel');
    expect((await callCards(t, b, a)).map((c) => c.card)).toEqual([
      expect.objectContaining({ result: 'canceled', duration: 0, callMediaType: 1 }),
    ]);
    ta.close();
    tb.close();
  });

  it('reject: the caller hears it; Declined card', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    // The caller cannot reject.
    expect(await ta.send('call.reject', { v: 1, callId: call.callId })).toMatchObject(
      refusal(Errors.forbidden),
    );
    expect((await tb.send('call.reject', { v: 1, callId: call.callId })).data.endReason).toBe('reject');
    expect((await ta.updated(CallAction.reject)).call.status).toBe('ended');
    expect((await callCards(t, a, b)).map((c) => c.card.result)).toEqual(['declined']);
    ta.close();
    tb.close();
  });

  it('no answer within the invite timeout: call timeout for both, Call not answered card; a late accept is refused', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    clock.advance(29_000);
    await ta.send('call.ping', { v: 1, callId: call.callId });
    expect(await sweep()).toBe(0);
    clock.advance(1_000);
    expect(await sweep()).toBe(1);
    expect((await ta.updated(CallAction.timeout)).call.endReason).toBe('timeout');
    expect((await tb.updated(CallAction.timeout)).call.status).toBe('ended');
    expect((await callCards(t, b, a)).map((c) => c.card.result)).toEqual(['missed']);

    // Accepting an expired invitation before any sweep ran: refused, and the call times out.
    const { data: second } = await invite(ta, b);
    clock.advance(31_000);
    expect(await tb.send('call.accept', { v: 1, callId: second.callId })).toMatchObject(
      refusal(Errors.callStateChanged),
    );
    expect((await ta.updated(CallAction.timeout)).call.callId).toBe(second.callId);
    ta.close();
    tb.close();
  });

  it('busy: a callee on another call answers line busy to the new caller without ringing', async () => {
    const [a, b] = await pair();
    const c = await newUser(t, 'third');
    await befriend(t, c, b);
    await befriend(t, a, c);
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const tc = await openTab(t, c);
    const { data: first } = await invite(ta, b);
    const busy = await invite(tc, b);
    expect(busy.data).toMatchObject({ status: 'ended', endReason: 'busy' });
    expect((await tc.updated(CallAction.busy)).call.endReason).toBe('busy');
    expect((await callCards(t, c, b)).map((x) => x.card.result)).toEqual(['busy']);
    expect(
      tb.socket.frames.some(
        (f) => f.type === 'call.updated' && (f.data as { action: number }).action === CallAction.busy,
      ),
    ).toBe(false);
    // The caller already on a call cannot start another.
    expect(await invite(ta, c)).toMatchObject({ code: 23002, msg: 'Parley 已在通话中' });
    await ta.send('call.cancel', { v: 1, callId: first.callId });
    for (const tab of [ta, tb, tc]) tab.close();
  });

  it('refuses calling yourself, a stranger, a user who blacklisted you, and someone else’s call', async () => {
    const [a, b] = await pair();
    const s = await newUser(t, 'stranger');
    const ta = await openTab(t, a);
    const ts = await openTab(t, s);
    expect(await ta.send('call.invite', { v: 1, userID: a.wtId, type: 2 })).toMatchObject({
      code: 23001,
      msg: '不能呼叫自己',
    });
    expect(await invite(ta, s)).toMatchObject(refusal(Errors.callNotFriend));
    expect(await ta.send('call.invite', { v: 1, userID: 'nobody_here_x', type: 2 })).toMatchObject(
      refusal(Errors.userNotFound),
    );
    const blocked = await api(t, 'POST', '/user/friendBlack/add', {
      token: b.token,
      body: { friendWtId: a.wtId },
    });
    expect(blocked.code).toBe(200);
    expect(await invite(ta, b)).toMatchObject({
      code: 20007,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    await api(t, 'POST', '/user/friendBlack/deleteByUserId', {
      token: b.token,
      body: { friendWtId: a.wtId },
    });
    const { data: call } = await invite(ta, b);
    expect(call.status).toBe('ringing');
    const sdp = 'v=0\r\ns=-\r\n';
    for (const [type, data] of [
      ['call.signal', { v: 1, callId: call.callId, kind: 'offer', sdp }],
      ['call.accept', { v: 1, callId: call.callId }],
      ['call.hangup', { v: 1, callId: call.callId }],
      ['call.ping', { v: 1, callId: call.callId }],
    ] as const) {
      expect(await ts.send(type, data)).toMatchObject({ code: 23003, msg: '通话不存在或已结束' });
    }
    expect(await ta.send('call.cancel', { v: 1, callId: call.callId })).toMatchObject({ code: 200 });
    ta.close();
    ts.close();
  });

  it('malformed frames get a 400 ack naming the field; the socket stays open', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const cases: [string, unknown, string][] = [
      ['call.invite', { userID: b.wtId, type: 2 }, '版本必须为1'],
      ['call.invite', { v: 2, userID: b.wtId, type: 2 }, '版本必须为1'],
      ['call.invite', { v: 1, userID: b.wtId, type: 3 }, '类型格式不正确'],
      ['call.invite', { v: 1, userID: b.wtId, type: '2', roomID: 2147483648 }, '房间号不能超过2147483647'],
      ['call.invite', { v: 1, userID: 'x'.repeat(65), type: 2 }, '用户ID过长'],
      ['call.accept', { v: 1, callId: '../../etc' }, '通话ID格式不正确'],
      ['call.accept', { v: 1 }, '通话ID不能为空'],
      ['call.signal', { v: 1, callId: 'abcdefghijkl', kind: 'offer', sdp: 'hello' }, '媒体描述格式不正确'],
      [
        'call.signal',
        { v: 1, callId: 'abcdefghijkl', kind: 'offer', sdp: `v=0\r\n${'a'.repeat(30_000)}` },
        '媒体描述过长',
      ],
      [
        'call.signal',
        { v: 1, callId: 'abcdefghijkl', kind: 'offer', sdp: 'v=0\r\n\u0000' },
        '媒体描述格式不正确',
      ],
      ['call.signal', { v: 1, callId: 'abcdefghijkl', kind: 'candidate' }, 'sdp或candidate不能为空'],
      [
        'call.signal',
        { v: 1, callId: 'abcdefghijkl', kind: 'renegotiate', sdp: 'v=0\r\n' },
        '类型格式不正确',
      ],
      ['call.switchMedia', { v: 1, callId: 'abcdefghijkl', type: 2 }, '类型格式不正确'],
    ];
    for (const [type, data, msg] of cases) {
      const ack = await ta.send(type, data);
      expect({ code: ack.code, msg: ack.msg }, `${type} ${JSON.stringify(data).slice(0, 80)}`).toEqual({
        code: 400,
        msg,
      });
    }
    expect((await ta.send<{ serverTime: number }>('ping', {})).code).toBe(200);
    ta.close();
  });

  it('a party that stops pinging past the grace period drops the call; video → audio is announced', async () => {
    const [a, b] = await pair();
    const ta = await openTab(t, a);
    const tb = await openTab(t, b);
    const { data: call } = await invite(ta, b);
    await tb.send('call.accept', { v: 1, callId: call.callId });
    const switched = await tb.send('call.switchMedia', { v: 1, callId: call.callId, type: 1 });
    expect(switched.data.mediaType).toBe(1);
    expect((await ta.updated(CallAction.mediaSwitched)).call.mediaType).toBe(1);
    clock.advance(15_000);
    await tb.send('call.ping', { v: 1, callId: call.callId });
    expect(await sweep()).toBe(0);
    clock.advance(6_000); // the caller has been silent 21 s
    await tb.send('call.ping', { v: 1, callId: call.callId });
    expect(await sweep()).toBe(1);
    expect((await tb.updated(CallAction.dropped)).call.endReason).toBe('dropped');
    expect((await callCards(t, a, b)).map((c) => c.card)).toEqual([
      expect.objectContaining({ result: 'answered', duration: 21, callMediaType: 1 }),
    ]);
    expect((await api(t, 'GET', '/call/current', { token: a.token })).data).toEqual({ call: null });
    ta.close();
    tb.close();
  });
});

describe('reconnect', () => {
  it('a reconnected tab takes the call over once the old connection has been silent 8 s; a live holder is never displaced', async () => {
    const clock = new FakeClock();
    const t = await startTestServer({ callSweepMs: 0 }, clock);
    try {
      const a = await newUser(t, 'rc_caller');
      const b = await newUser(t, 'rc_callee');
      await befriend(t, a, b);
      const ta = await openTab(t, a);
      const tb = await openTab(t, b);
      const { data: call } = await invite(ta, b);
      await tb.send('call.accept', { v: 1, callId: call.callId });
      const other = await openTab(t, a);
      // The holder pinged just now: another tab cannot take over, nor inject SDP.
      expect((await other.send('call.ping', { v: 1, callId: call.callId })).data.connectionId).toBe(
        ta.connectionId,
      );
      const sdp = 'v=0\r\ns=-\r\n';
      expect(
        await other.send('call.signal', { v: 1, callId: call.callId, kind: 'offer', sdp }),
      ).toMatchObject(refusal(Errors.forbidden));
      // The holder's socket drops; 9 s later the same page reconnects with a new connection.
      ta.close();
      clock.advance(9_000);
      await tb.send('call.ping', { v: 1, callId: call.callId });
      const back = await openTab(t, a);
      const took = await back.send('call.ping', { v: 1, callId: call.callId });
      expect(took.data).toMatchObject({ status: 'connected', connectionId: back.connectionId });
      expect((await back.send('call.signal', { v: 1, callId: call.callId, kind: 'offer', sdp })).code).toBe(
        200,
      );
      expect((await tb.socket.next((f) => f.type === 'call.signal')).data).toMatchObject({ kind: 'offer' });
      for (const tab of [tb, other, back]) tab.close();
    } finally {
      await t.close();
    }
  });
});

describe('call record durability', () => {
  it('a node restart during ringing keeps the call: the callee reconnects, finds it and accepts', async () => {
    const clock = new FakeClock();
    const t = await startTestServer({ callSweepMs: 0 }, clock);
    try {
      const a = await newUser(t, 'rs_caller');
      const b = await newUser(t, 'rs_callee');
      await befriend(t, a, b);
      const ta = await openTab(t, a);
      const { data: call } = await invite(ta, b);
      ta.close();
      await t.server.close();

      const { buildServer } = await import('../helpers.js');
      const again = await buildServer(t.config, clock);
      const address = await again.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const t2 = { ...t, server: again, baseUrl: address, wsUrl: address.replace(/^http/, 'ws') };
        const current = await api<{ call: { callId: string; status: string } }>(t2, 'GET', '/call/current', {
          token: b.token,
        });
        expect(current.data.call).toMatchObject({ callId: call.callId, status: 'ringing' });
        const tb: Tab = await openTab(t2, b);
        const ta2 = await openTab(t2, a);
        expect((await tb.send('call.accept', { v: 1, callId: call.callId })).data.status).toBe('connected');
        expect((await ta2.updated(CallAction.accept)).call.callId).toBe(call.callId);
        tb.close();
        ta2.close();
      } finally {
        await again.close();
      }
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
