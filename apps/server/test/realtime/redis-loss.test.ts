import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HelloFrame } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, fullHistory, newUser, sendText } from '../messaging/helpers.js';
import { CuttableLink, OwnRedis } from './own-redis.js';

// Redis lost while a node runs, with a redis-server this file starts and stops itself (never the
// suite's shared one): the node says so (health 503), closes the sockets it cannot serve with 1012
// and refuses new ones; once Redis is back it serves sockets again and every client learns that it
// must sync (a new epoch in hello, `sync.required` on sockets that stayed open on other nodes).

interface Health {
  status: number;
  code: number;
  bus: { ok: boolean };
}

async function health(t: TestServer): Promise<Health> {
  const res = await fetch(`${t.baseUrl}/api/health`);
  const body = (await res.json()) as { code: number; data: { bus: { ok: boolean } } };
  return { status: res.status, code: body.code, bus: body.data.bus };
}

/** Polls until the node reports the wanted HTTP status (no fixed waits). */
async function healthBecomes(t: TestServer, status: number): Promise<Health> {
  for (;;) {
    const h = await health(t);
    if (h.status === status) return h;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The HTTP status a socket upgrade is refused with (or 101 when it opens). */
function upgradeStatus(t: TestServer, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.wsUrl}/ws/${encodeURIComponent(token)}`);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

async function hello(socket: TestSocket): Promise<HelloFrame['data']> {
  return (await socket.next((f) => f.type === 'hello')).data as HelloFrame['data'];
}

const prefix = () => `parley-loss-${randomBytes(4).toString('hex')}`;

describe('Redis stops under a running node', () => {
  let redis: OwnRedis;
  let t: TestServer;
  beforeAll(async () => {
    redis = await OwnRedis.start();
    t = await startTestServer({ redisUrl: redis.url, redisPrefix: prefix(), nodeId: 'loss-a' });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('answers 503, closes sockets with 1012, refuses new ones, and tells clients to sync once back', async () => {
    const a = await newUser(t, 'loss_a');
    const b = await newUser(t, 'loss_b');
    await befriend(t, a, b);
    expect(await health(t)).toMatchObject({ status: 200, code: 200, bus: { ok: true } });
    const socket = await openSocket(t, a.token);
    const before = await hello(socket);

    await redis.stop();
    expect(await socket.closed).toEqual({ code: 1012, reason: 'message bus unavailable, reconnect' });
    expect(await healthBecomes(t, 503)).toMatchObject({ status: 503, code: 503, bus: { ok: false } });
    expect(await upgradeStatus(t, a.token)).toBe(503);
    // A send meanwhile is stored (its event cannot be published).
    const sent = await sendText(t, b, a, 'while Redis was away');
    expect(sent.code).toBe(200);

    await redis.start();
    expect(await healthBecomes(t, 200)).toMatchObject({ status: 200, code: 200, bus: { ok: true } });
    const again = await openSocket(t, a.token);
    const after = await hello(again);
    // Another epoch: the client's held sequence no longer counts, so it syncs and finds the message.
    expect(after.epoch).not.toBe(before.epoch);
    expect((await fullHistory(t, a, b)).map((m) => m.ID)).toContain(sent.data.ID);
    // Subscribed again: live events reach the new socket.
    const live = await sendText(t, b, a, 'live again');
    const frame = await again.next((f) => f.type === 'message.new');
    expect((frame.data as { ID: string }).ID).toBe(live.data.ID);
    again.close();
  });
});

describe('one node cut off from Redis while another keeps it', () => {
  let redis: OwnRedis;
  let link: CuttableLink;
  let cutOff: TestServer;
  let healthy: TestServer;
  beforeAll(async () => {
    redis = await OwnRedis.start();
    link = await CuttableLink.to(redis.port);
    const redisPrefix = prefix();
    cutOff = await startTestServer({ redisUrl: link.url, redisPrefix, nodeId: 'cut-a' });
    healthy = await startTestServer({ redisUrl: redis.url, redisPrefix, nodeId: 'whole-b' });
  });
  afterAll(async () => {
    await cutOff?.close();
    await healthy?.close();
    await link?.cut();
    await redis?.stop();
  });

  it('the cut-off node fails its publishes; once back it tells every open socket to sync', async () => {
    const watcher = await newUser(healthy, 'watcher');
    const open = await openSocket(healthy, watcher.token);
    await hello(open);
    const c = await newUser(cutOff, 'cut_c');
    const d = await newUser(cutOff, 'cut_d');
    await befriend(cutOff, c, d);

    await link.cut();
    expect(await healthBecomes(cutOff, 503)).toMatchObject({ code: 503, bus: { ok: false } });
    expect(await health(healthy)).toMatchObject({ status: 200, bus: { ok: true } });
    expect((await sendText(cutOff, c, d, 'lost on its way')).code).toBe(200);

    await link.restore();
    await healthBecomes(cutOff, 200);
    const told = await open.next((f) => f.type === 'sync.required');
    expect(told).toMatchObject({ type: 'sync.required', data: {} });
    open.close();
  });
});

describe('a send while the node cannot reach Redis at all', () => {
  let redis: OwnRedis;
  let link: CuttableLink;
  let t: TestServer;
  beforeAll(async () => {
    redis = await OwnRedis.start();
    link = await CuttableLink.to(redis.port);
    t = await startTestServer({ redisUrl: link.url, redisPrefix: prefix(), nodeId: 'held-a' });
  });
  afterAll(async () => {
    await t?.close();
    await link?.cut();
    await redis?.stop();
  });

  it('is answered once stored, while Redis is still unreachable; the peer catches up once it is back', async () => {
    const a = await newUser(t, 'held_a');
    const b = await newUser(t, 'held_b');
    await befriend(t, a, b);
    const peer = await openSocket(t, b.token);
    const before = await hello(peer);

    // Unreachable: connections are accepted and never answered, so a command waiting for Redis
    // would wait until the link is restored, and the link is restored only after the answer.
    await link.hold();
    expect(await peer.closed).toEqual({ code: 1012, reason: 'message bus unavailable, reconnect' });
    await healthBecomes(t, 503);
    const sent = await sendText(t, a, b, 'stored while Redis is unreachable');
    expect(sent).toMatchObject({
      status: 200,
      code: 200,
      data: { payload: { text: 'stored while Redis is unreachable' } },
    });
    expect(await health(t)).toMatchObject({ status: 503, bus: { ok: false } });

    await link.restore();
    await healthBecomes(t, 200);
    const again = await openSocket(t, b.token, `since=${before.syncVersion}`);
    const after = await hello(again);
    // Another epoch tells the client it missed pushes; the catch-up in hello carries the message.
    expect(after.epoch).not.toBe(before.epoch);
    expect(after.sync?.messages.map((m) => m.ID)).toContain(sent.data.ID);
    again.close();
  });
});
