import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusSfu } from '../../src/modules/calls/sfu/janus/janus-sfu.js';
import type { Sfu, SfuLevel } from '../../src/modules/calls/sfu/sfu.js';
import { WeriftSfu } from '../../src/modules/calls/sfu/werift-sfu.js';
import { SPEAKING_LEVEL } from '../../src/modules/calls/sfu/sdp.js';
import { SfuPeer } from './sfu-peer.js';
import { sfuBackends } from './sfu-backends.js';

/**
 * The SFU's media paths with real peer connections (werift in Node as the browsers), the same body
 * for each back end: the embedded werift SFU and Janus VideoRoom (started by the test).
 */
describe.each(sfuBackends())('SFU: %s', (_name, start) => {
  let sfu: Sfu;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ sfu, stop } = await start());
  });
  afterAll(() => stop?.());

  it('forwards each publisher to the others, passes a keyframe request on, asks for one for a late joiner, drops a leaver, reports levels', async () => {
    const room = `r-${Math.random().toString(36).slice(2)}`;
    await sfu.openRoom(room);
    const [a, b, c] = ['ann', 'bob', 'cat'].map((u) => new SfuPeer(sfu, room, u));
    const peers = [a!, b!, c!];
    try {
      for (const p of peers) await p.publish();
      for (const p of peers) await p.subscribe();
      const levels: SfuLevel[][] = [];
      sfu.events.on('levels', (r, l) => {
        if (r === room) levels.push(l);
      });
      a!.start(20); // speaking
      b!.start(127); // silent
      c!.start(127);

      // Everyone receives the other two's microphone and camera, and nothing of their own.
      for (const me of peers) {
        const others = peers.filter((p) => p !== me).map((p) => p.userId);
        await me.until(() => others.every((o) => me.count(o, 'mic') >= 10 && me.count(o, 'camera') >= 10));
        expect(me.count(me.userId, 'mic')).toBe(0);
        expect(me.tracks.map((t) => `${t.publisherId}:${t.source}:${t.kind}`).sort()).toEqual(
          others.flatMap((o) => [`${o}:camera:video`, `${o}:mic:audio`]).sort(),
        );
      }

      // The speaking indicator: ann is loud, the others silent.
      await a!.until(() =>
        levels.some((l) => l.some((x) => x.userId === 'ann' && x.level >= SPEAKING_LEVEL)),
      );
      const loud = levels.find((l) => l.some((x) => x.userId === 'ann'))!;
      expect(loud.find((x) => x.userId === 'bob')?.level ?? 0).toBeLessThan(SPEAKING_LEVEL);

      // A member asks for a keyframe (a frozen tile): the publishers it receives get a PLI.
      const asked = a!.plis;
      await sfu.requestKeyframe(room, 'bob');
      await a!.until(() => a!.plis > asked);

      // A late joiner: its subscription asks the publishers for a keyframe.
      const plisBefore = a!.plis;
      const d = new SfuPeer(sfu, room, 'dan');
      peers.push(d);
      await d.publish();
      d.start(127);
      await d.subscribe();
      await d.until(() => d.count('ann', 'camera') >= 5 && d.count('cat', 'mic') >= 5);
      await a!.until(() => a!.plis > plisBefore);
      // The others were offered dan's tracks.
      await a!.until(() => a!.tracks.some((t) => t.publisherId === 'dan'));

      // A leaver's tracks leave the others' subscriptions (a new offer without them).
      const answered = a!.answered;
      await c!.close();
      await sfu.leave(room, 'cat');
      await a!.until(() => a!.answered > answered && !a!.tracks.some((t) => t.publisherId === 'cat'));
      expect(a!.tracks.map((t) => t.publisherId).sort()).toEqual(['bob', 'bob', 'dan', 'dan']);
    } finally {
      await Promise.all(peers.map((p) => p.close()));
      await sfu.closeRoom(room);
    }
  });

  it('connects members whose event loop stalls while their publishing connection comes up', async () => {
    const room = `r-${Math.random().toString(36).slice(2)}`;
    await sfu.openRoom(room);
    const viewer = new SfuPeer(sfu, room, 'viewer');
    const peers = [viewer];
    try {
      await viewer.publish();
      await viewer.subscribe();
      for (let i = 0; i < 4; i++) {
        const member = new SfuPeer(sfu, room, `slow${i}`);
        peers.push(member);
        // A starved member: its thread stops for longer than a DTLS retransmission interval as
        // soon as its ICE connects, so the handshake's first flight arrives twice.
        const { unSubscribe } = member.pub.iceConnectionStateChange.subscribe((state) => {
          if (state !== 'connected') return;
          unSubscribe();
          const until = performance.now() + 1500;
          while (performance.now() < until);
        });
        await member.publish();
        member.start(127);
        await viewer.until(
          () => viewer.count(member.userId, 'mic') >= 5 && viewer.count(member.userId, 'camera') >= 5,
        );
      }
    } finally {
      await Promise.all(peers.map((p) => p.close()));
      await sfu.closeRoom(room);
    }
  });

  it('opens one room when the first frames of a call open it at the same moment', async () => {
    const room = `r-${Math.random().toString(36).slice(2)}`;
    const [a, b] = ['ann', 'bob'].map((u) => new SfuPeer(sfu, room, u));
    const peers = [a!, b!];
    try {
      const offer = await a!.offer();
      // A publish and its candidates each open the room first; the publish starts as soon as its
      // own open is done, while the other is still on its way.
      const opens = [sfu.openRoom(room), sfu.openRoom(room)];
      await opens[0];
      const answer = sfu.publish(room, 'ann', offer);
      await Promise.all(opens);
      await a!.published(await answer);
      a!.start(127);
      await b!.publish();
      b!.start(127);
      await b!.subscribe();
      await a!.subscribe();
      await b!.until(() => b!.count('ann', 'mic') >= 5 && b!.count('ann', 'camera') >= 5);
      await a!.until(() => a!.count('bob', 'mic') >= 5 && a!.count('bob', 'camera') >= 5);
    } finally {
      await Promise.all(peers.map((p) => p.close()));
      await sfu.closeRoom(room);
    }
  });

  it('refuses an unknown room, an answer nobody asked for and an unusable SDP', async () => {
    await expect(sfu.publish('no-such-room', 'ann', 'v=0\r\n')).rejects.toMatchObject({
      code: 23030,
      message: '通话的媒体连接不存在，请重新加入',
    });
    const room = `r-${Math.random().toString(36).slice(2)}`;
    await sfu.openRoom(room);
    try {
      await expect(sfu.answer(room, 'ann', 'v=0\r\n')).rejects.toMatchObject({
        code: 23031,
        message: '没有待应答的媒体协商',
      });
      await expect(sfu.publish(room, 'ann', 'not an sdp')).rejects.toMatchObject({
        code: 23032,
        message: '媒体描述（SDP）无法使用',
      });
    } finally {
      await sfu.closeRoom(room);
    }
  });
});

describe('SFU unavailable', () => {
  it('answers 23033 when Janus does not answer', async () => {
    const sfu = new JanusSfu('http://127.0.0.1:9/janus');
    await expect(sfu.openRoom('r')).rejects.toMatchObject({
      code: 23033,
      message: '媒体服务器暂时不可用，请稍后再试',
    });
    await sfu.close();
  });

  it('answers every call with 23033 once its worker has stopped', async () => {
    const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 250 });
    await sfu.openRoom('r');
    await sfu.close();
    await expect(sfu.openRoom('r')).rejects.toMatchObject({
      code: 23033,
      message: '媒体服务器暂时不可用，请稍后再试',
    });
  });
});
