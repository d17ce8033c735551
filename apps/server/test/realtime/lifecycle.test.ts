import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { WsClose } from '@parley/protocol';
import { FRAME_BURST, MAX_DROPPED_IN_A_ROW } from '../../src/realtime/frames.js';
import { api, FakeClock, openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';
import {
  ackOf,
  expectLoggedOutBeforeHello,
  holdTokenCheck,
  internalUserId,
  rawClient,
  waitUntil,
} from './helpers.js';

describe('heartbeat', () => {
  // The interval is an hour: the test beats by hand (`gateway.beat()`), so how fast this machine
  // answers a ping never decides the outcome (wall-clock detection time: bench/failure-detection.ts).
  const HOUR = 3_600_000;
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ heartbeatMs: HOUR });
  });
  afterAll(() => t.close());

  it('terminates and unregisters a connection that stops answering pings, and keeps live ones', async () => {
    const u = await registerUser(t);
    const id = await internalUserId(t, u.token);
    const live = await openSocket(t, u.token);
    await live.next((f) => f.type === 'hello');
    let livePings = 0;
    live.ws.on('ping', () => (livePings += 1));
    const dead = rawClient(`${t.wsUrl}/ws/${u.token}`, { autoPong: false });
    let pingsSeen = 0;
    dead.ws.on('ping', () => (pingsSeen += 1));
    const hello = await dead.next((f) => f.type === 'hello');
    expect((hello.data as { heartbeatMs: number }).heartbeatMs).toBe(HOUR);
    expect(t.server.gateway.connectionsOfUser(id)).toBe(2);

    /** One round, then until the live socket has its ping and the server its pong: the pong goes
     * out before the frame sent after the ping, so the frame's ack comes after the server read it. */
    let round = 0;
    const beat = async () => {
      const before = livePings;
      t.server.gateway.beat();
      await waitUntil(() => livePings === before + 1, 10_000, 'the live socket pinged');
      round += 1;
      live.send({ id: `beat-${round}`, type: 'ping' });
      await live.next(ackOf(`beat-${round}`));
    };

    await beat();
    expect(pingsSeen).toBe(1);
    // The next round cuts the socket that left its ping unanswered, without a close frame.
    await beat();
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    expect(pingsSeen).toBe(1);
    expect(t.server.gateway.connectionsOfUser(id)).toBe(1);

    // The socket that answers pings survives three more rounds and still gets events.
    for (let i = 0; i < 3; i++) await beat();
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
    expect(t.server.gateway.connectionsOfUser(id)).toBe(1);
    await t.server.ctx.realtime.emit([id], 'counters.updated', { unread: 3 });
    expect((await live.next((f) => f.type === 'counters.updated')).data).toEqual({ unread: 3 });
    live.close();
  });
});

describe('frame rate limit', () => {
  // The token bucket reads the app clock: frozen here, so no token refills during a burst however
  // slowly the machine delivers it, and a refill happens exactly when the test moves the clock.
  const clock = new FakeClock();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({}, clock);
  });
  afterAll(() => t.close());

  it('refuses each frame of a burst beyond the limit in its ack (429) and keeps the socket', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    await s.next((f) => f.type === 'hello');
    const n = FRAME_BURST + 10;
    for (let i = 0; i < n; i++) s.send({ id: i, type: 'ping' });
    const refused = await s.next(ackOf(n - 1));
    expect(refused).toEqual({
      type: 'ack',
      id: n - 1,
      code: 429,
      msg: '操作过于频繁，请稍后再试',
      data: null,
    });
    // Tokens refill with time: one second later a frame is served again. Frames are handled in
    // order, so once its ack is here every frame of the burst has been answered or refused.
    clock.advance(1000);
    s.send({ id: 'later', type: 'ping' });
    expect((await s.next(ackOf('later'))).code).toBe(200);
    // A refusal leaves at once, an answer after its handler: each frame's ack, in whatever order
    // (an answered frame of the burst may still be on its way after the later one's ack).
    const ackFrames = () =>
      s.frames.filter((f) => f.type === 'ack') as unknown as Array<{ id: unknown; code: number }>;
    await vi.waitFor(() => expect(ackFrames()).toHaveLength(n + 1), { timeout: 10_000 });
    const acks = ackFrames();
    const codeOf = new Map(acks.map((f) => [f.id, f.code]));
    expect(Array.from({ length: n }, (_, i) => codeOf.get(i))).toEqual([
      ...Array.from({ length: FRAME_BURST }, () => 200),
      ...Array.from({ length: n - FRAME_BURST }, () => 429),
    ]);
    expect(s.frames.filter((f) => f.type === 'error')).toHaveLength(0);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.close();
  });

  it('closes a socket that keeps flooding with 1008, after answering every frame it read', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    await s.next((f) => f.type === 'hello');
    const n = FRAME_BURST + MAX_DROPPED_IN_A_ROW + 20;
    for (let i = 0; i < n; i++) s.send({ id: i, type: 'ping' });
    expect(await s.closed).toEqual({ code: 1008, reason: 'too many frames' });
    const acks = s.frames.filter((f) => f.type === 'ack') as unknown as Array<{ id: number; code: number }>;
    // Every frame read before the close has its answer: the burst served, the rest refused.
    const ids = acks.map((f) => f.id).sort((x, y) => x - y);
    expect(ids).toEqual(Array.from({ length: acks.length }, (_, i) => i));
    expect(acks.length).toBeGreaterThan(FRAME_BURST + MAX_DROPPED_IN_A_ROW);
    expect(
      acks
        .filter((f) => f.code === 200)
        .map((f) => f.id)
        .sort((x, y) => x - y),
    ).toEqual(ids.slice(0, FRAME_BURST));
    expect(acks.filter((f) => f.id >= FRAME_BURST).every((f) => f.code === 429)).toBe(true);
  });
});

describe('logout racing a socket being authenticated', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('closes a socket whose token was revoked while its check was in flight', async () => {
    const u = await registerUser(t);
    // The socket's token check passes, then the logout lands before the socket is registered.
    const hold = holdTokenCheck(t);
    try {
      const pending = openSocket(t, u.token);
      await hold.atGate; // the upgrade's token check passed and is held here
      expect((await api(t, 'POST', '/user/logout', { token: u.token })).code).toBe(200);
      await expectLoggedOutBeforeHello(hold, pending);
    } finally {
      hold.restore();
    }
  });
});

describe('graceful shutdown', () => {
  it('closes every socket with 1012 and a reconnect hint, and refuses new ones', async () => {
    const t = await startTestServer();
    const u = await registerUser(t);
    const other = await registerUser(t);
    const sockets = await Promise.all([
      openSocket(t, u.token),
      openSocket(t, u.token),
      openSocket(t, other.token),
    ]);
    await Promise.all(sockets.map((s) => s.next((f) => f.type === 'hello')));
    expect(t.server.gateway.connectionCount).toBe(3);

    const closing = t.close();
    t.server.gateway.shutdown(); // idempotent
    for (const s of sockets)
      expect(await s.closed).toEqual({ code: WsClose.serviceRestart, reason: 'server restarting' });
    expect(t.server.gateway.connectionCount).toBe(0);
    await closing; // does not wait for anything but the sockets above (a hang fails the test by its timeout)
    const late = rawClient(`${t.wsUrl}/ws/${u.token}`);
    await expect(late.opened).rejects.toThrow();
  });
});
