import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@parley/protocol';
import type { Sfu, SfuEvents } from '../../src/modules/calls/sfu/sfu.js';
import { createGroup } from '../groups/helpers.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { newUser, openTab, type Tab } from './helpers.js';
import { SfuPeer } from './sfu-peer.js';

const refusal = (e: { code: number; msg: string }) => ({ code: e.code, msg: e.msg });

/** The parts of `Sfu` a peer uses, spoken through a tab's `call.media.*` frames. */
function overSocket(tab: Tab, wtId: string): Sfu {
  const events = new EventEmitter<SfuEvents>();
  tab.socket.ws.on('message', (raw) => {
    const f = JSON.parse(String(raw)) as {
      type: string;
      data: { callId: string; sdp: string; tracks: never };
    };
    if (f.type === 'call.media.offer') events.emit('renegotiate', f.data.callId, wtId, f.data.sdp);
    if (f.type === 'call.media.tracks') events.emit('tracks', f.data.callId, wtId, f.data.tracks);
  });
  const ok = <T>(ack: { code: number; msg: string; data: unknown }) => {
    if (ack.code !== 200) throw new Error(`${ack.code} ${ack.msg}`);
    return ack.data as T;
  };
  const unused = () => Promise.reject(new Error('not used over the socket here'));
  return {
    events,
    openRoom: unused,
    publish: async (callId, _u, sdp) =>
      ok<{ sdp: string }>(await tab.send('call.media.publish', { v: 1, callId, sdp })).sdp,
    subscribe: async (callId) =>
      ok<{ sdp: string | null }>(await tab.send('call.media.subscribe', { v: 1, callId })).sdp,
    answer: async (callId, _u, sdp) => {
      ok(await tab.send('call.media.answer', { v: 1, callId, sdp }));
    },
    candidate: unused,
    requestKeyframe: unused,
    leave: unused,
    closeRoom: unused,
    close: unused,
  };
}

describe('call.media.* frames', () => {
  let t: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let cat: TestUser;
  let CALL = '';
  /** The tabs holding ann's and bob's parts (the ones that started and accepted the call). */
  let ta: Tab;
  let tb: Tab;
  beforeAll(async () => {
    t = await startTestServer({ callSweepMs: 0 });
    [ann, bob, eve, cat] = await Promise.all([
      newUser(t, 'ann'),
      newUser(t, 'bob'),
      newUser(t, 'eve'),
      newUser(t, 'cat'),
    ]);
    // ann calls bob and cat in their group and bob accepts: ann and bob are joined, cat rings.
    const group = await createGroup(t, ann, [bob, cat]);
    [ta, tb] = await Promise.all([openTab(t, ann), openTab(t, bob)]);
    const started = await ta.send('call.groupCall', {
      v: 1,
      groupID: group.groupID,
      type: 2,
      userIDList: [bob.wtId, cat.wtId],
    });
    CALL = started.data.callId;
    expect((await tb.send('call.accept', { v: 1, callId: CALL })).code).toBe(200);
  });
  afterAll(async () => {
    ta?.close();
    tb?.close();
    await t?.close();
  });

  it('publishes and subscribes through the socket; the offer and tracks reach the member', async () => {
    const a = new SfuPeer(overSocket(ta, ann.wtId), CALL, ann.wtId);
    const b = new SfuPeer(overSocket(tb, bob.wtId), CALL, bob.wtId);
    try {
      await b.subscribe(); // nobody publishes yet: null, the offer comes later as call.media.offer
      await a.publish();
      a.start(20);
      await b.until(() => b.count(ann.wtId, 'camera') >= 5 && b.count(ann.wtId, 'mic') >= 5);
      expect(b.tracks.map((x) => `${x.publisherId}:${x.source}`).sort()).toEqual([
        `${ann.wtId}:camera`,
        `${ann.wtId}:mic`,
      ]);
      const levels = await tb.socket.next((f) => f.type === 'call.media.levels');
      expect(levels.data).toMatchObject({ callId: CALL, levels: [{ userId: ann.wtId }] });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses a non-member, an answer without an offer, and an SDP that is not one', async () => {
    const te = await openTab(t, eve);
    const [other, ringing] = await Promise.all([openTab(t, bob), openTab(t, cat)]);
    try {
      expect(await te.send('call.media.subscribe', { v: 1, callId: CALL })).toMatchObject(
        refusal(Errors.callNotFound),
      );
      // A joined member's other tab, and someone still ringing, may not use the room.
      expect(await other.send('call.media.subscribe', { v: 1, callId: CALL })).toMatchObject(
        refusal(Errors.forbidden),
      );
      expect(await ringing.send('call.media.subscribe', { v: 1, callId: CALL })).toMatchObject(
        refusal(Errors.forbidden),
      );
      const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
      expect(await tb.send('call.media.answer', { v: 1, callId: CALL, sdp })).toMatchObject({
        code: 23031,
        msg: '没有待应答的媒体协商',
      });
      expect(await tb.send('call.media.publish', { v: 1, callId: CALL, sdp })).toMatchObject({
        code: 23032,
        msg: '媒体描述（SDP）无法使用',
      });
      const bad = await tb.send('call.media.publish', { v: 1, callId: CALL, sdp: 'hello' });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('媒体描述格式不正确');
      const pc = await tb.send('call.media.candidate', { v: 1, callId: CALL, pc: 'both', candidate: null });
      expect(pc.code).toBe(400);
      expect(pc.msg).toContain('媒体连接格式不正确');
    } finally {
      te.close();
      other.close();
      ringing.close();
    }
  });
});
