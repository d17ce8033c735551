import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WsClose } from '@parley/protocol';
import { fail } from '../../src/lib/errors.js';
import { api, openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';
import { ackOf, internalUserId, loginAgain, rawClient, waitUntil } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  t.server.gateway.onUnchecked('test.echo', (_ctx, data) => ({ echoed: data }));
  t.server.gateway.onUnchecked('test.whoami', (ctx) => ({
    userId: ctx.userId,
    tokenId: ctx.tokenId,
    connectionId: ctx.connectionId,
  }));
  t.server.gateway.onUnchecked('test.appError', () => {
    throw fail('forbidden');
  });
  t.server.gateway.onUnchecked('test.crash', () => {
    throw new Error('secret internals');
  });
});
afterAll(() => t.close());

describe('socket handshake', () => {
  it('greets an authenticated socket with the hello frame', async () => {
    const u = await registerUser(t);
    const before = Date.now();
    const s = await openSocket(t, u.token);
    const hello = await s.next((f) => f.type === 'hello');
    expect(s.frames[0]).toBe(hello);
    const data = hello.data as {
      userId: string;
      connectionId: string;
      serverTime: number;
      heartbeatMs: number;
    };
    expect(data.userId).toBe(u.userId);
    expect(data.connectionId).toMatch(/^[\w-]{11}$/); // 8 random bytes, base64url
    expect(data.heartbeatMs).toBe(t.config.heartbeatMs);
    expect(data.serverTime).toBeGreaterThanOrEqual(before - 1000);
    const id = await internalUserId(t, u.token);
    expect(t.server.gateway.connectionsOfUser(id)).toBe(1);
    s.close();
    await s.closed;
    await waitUntil(() => t.server.gateway.connectionsOfUser(id) === 0, 2000, 'unregister');
  });

  it('sends the 101 answer and hello in one write', async () => {
    const u = await registerUser(t);
    const { port } = new URL(t.baseUrl);
    const sock = net.connect(Number(port), '127.0.0.1');
    // The first chunk the client reads: one write on the server arrives as one chunk on loopback.
    const first = new Promise<string>((resolve, reject) => {
      sock.once('data', (chunk) => resolve(chunk.toString('latin1')));
      sock.once('error', reject);
    });
    sock.write(
      `GET /ws/${encodeURIComponent(u.token)} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    const chunk = await first;
    sock.destroy();
    expect(chunk.startsWith('HTTP/1.1 101 Switching Protocols')).toBe(true);
    const frame = chunk.slice(chunk.indexOf('\r\n\r\n') + 4);
    // An unmasked text frame (0x81) whose payload is the hello.
    expect(frame.charCodeAt(0)).toBe(0x81);
    expect(frame).toContain('"type":"hello"');
    expect(frame).toContain(`"userId":"${u.userId}"`);
  });

  it('closes a socket with an unknown token with 4001 and a clear reason', async () => {
    const s = await openSocket(t, 'this-token-does-not-exist-0123456789');
    expect(await s.closed).toEqual({ code: WsClose.invalidToken, reason: '401 invalid token' });
    expect(s.frames).toEqual([]);
    const short = await openSocket(t, 'x');
    expect(await short.closed).toEqual({ code: 4001, reason: '401 invalid token' });
    const badEscape = await openSocket(t, '%E0%A4%A');
    expect(await badEscape.closed).toEqual({ code: 4001, reason: '401 invalid token' });
  });

  it('closes a socket whose token was logged out with the session code', async () => {
    const u = await registerUser(t);
    expect((await api(t, 'POST', '/user/logout', { token: u.token })).code).toBe(200);
    const s = await openSocket(t, u.token);
    expect(await s.closed).toEqual({ code: 4001, reason: '11013 session revoked' });
  });

  it('refuses upgrades on other paths', async () => {
    for (const path of ['/ws', '/ws/', '/other/abc', '/ws/a/b']) {
      const c = rawClient(`${t.wsUrl}${path}`);
      const err = await c.opened.then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message, path).toMatch(/Unexpected server response: 404/);
    }
  });
});

describe('client frames', () => {
  it('acks ping with the server time', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    s.send({ id: 7, type: 'ping' });
    const ack = await s.next((f) => f.type === 'ack');
    expect(ack).toEqual({
      type: 'ack',
      id: 7,
      code: 200,
      msg: 'ok',
      data: { serverTime: expect.any(Number) },
    });
    s.send({ id: 'abc', type: 'ping', data: {} });
    expect((await s.next(ackOf('abc'))).code).toBe(200);
    s.close();
  });

  it('answers malformed frames with an error frame and keeps the socket usable', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    await s.next((f) => f.type === 'hello');
    s.send('{not json');
    expect(await s.next((f) => f.type === 'error')).toEqual({
      type: 'error',
      code: 400,
      msg: '消息帧不是有效的JSON',
    });
    s.send({ type: 'ping' });
    const noId = await s.next((f) => f.type === 'error'); // the second error frame
    expect(noId).toEqual({ type: 'error', code: 400, msg: '编号格式不正确' });
    s.send('[1,2]');
    s.send('null');
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await waitUntil(() => s.frames.filter((f) => f.type === 'error').length === 5, 2000, 'five error frames');
    expect(s.frames.filter((f) => f.type === 'error').at(-1)).toEqual({
      type: 'error',
      code: 400,
      msg: '不支持二进制消息帧',
    });
    s.send({ id: 1, type: 'ping' });
    expect((await s.next(ackOf(1))).code).toBe(200);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.close();
  });

  it('acks an unknown frame type with 404 and a clear message', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    s.send({ id: 'u1', type: 'no.such.thing', data: 1 });
    expect(await s.next((f) => f.type === 'ack')).toEqual({
      type: 'ack',
      id: 'u1',
      code: 404,
      msg: '未知的消息类型: no.such.thing',
      data: null,
    });
    s.close();
  });

  it('runs handlers with the caller and acks their result or their error', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    const hello = await s.next((f) => f.type === 'hello');
    s.send({ id: 1, type: 'test.echo', data: { a: [1, 'x'] } });
    s.send({ id: 2, type: 'test.whoami' });
    s.send({ id: 3, type: 'test.appError' });
    s.send({ id: 4, type: 'test.crash' });
    const ack = (id: number) => s.next(ackOf(id));
    expect((await ack(1)).data).toEqual({ echoed: { a: [1, 'x'] } });
    const who = (await ack(2)).data as { userId: number; tokenId: string; connectionId: string };
    expect(who.userId).toBe(await internalUserId(t, u.token));
    expect(who.connectionId).toBe((hello.data as { connectionId: string }).connectionId);
    expect(await ack(3)).toMatchObject({ code: 403, msg: '当前操作没有权限', data: null });
    const crash = await ack(4);
    expect(crash).toMatchObject({ code: 500, msg: '系统未知错误，请反馈给管理员', data: null });
    expect(JSON.stringify(crash)).not.toContain('secret');
    expect(() => t.server.gateway.onUnchecked('ping', () => null)).toThrow(/already registered/);
    s.close();
  });

  it('closes a socket that sends a frame over 64 KB with 1009', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    s.send({ id: 1, type: 'test.echo', data: 'x'.repeat(70 * 1024) });
    expect((await s.closed).code).toBe(1009);
  });
});

describe('delivery to users', () => {
  it('delivers emitted events to every open socket of the user, and only to them', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const secondToken = await loginAgain(t, alice);
    const sockets = await Promise.all([
      openSocket(t, alice.token),
      openSocket(t, alice.token),
      openSocket(t, secondToken),
    ]);
    const bobSocket = await openSocket(t, bob.token);
    const [aliceId, bobId] = [await internalUserId(t, alice.token), await internalUserId(t, bob.token)];
    await Promise.all([...sockets, bobSocket].map((s) => s.next((f) => f.type === 'hello')));
    expect(t.server.gateway.connectionsOfUser(aliceId)).toBe(3);

    await t.server.ctx.realtime.emit([aliceId], 'counters.updated', { unread: 5 });
    // Every tab of the user sees the same frame, numbered with the user's push sequence.
    for (const s of sockets) {
      expect(await s.next((f) => f.type === 'counters.updated')).toEqual({
        type: 'counters.updated',
        data: { unread: 5 },
        seq: 1,
      });
    }
    // Bob gets his own later event, and never got Alice's.
    await t.server.ctx.realtime.emit([bobId], 'counters.updated', { unread: 1 });
    await bobSocket.next((f) => f.type === 'counters.updated');
    expect(bobSocket.frames.filter((f) => f.type === 'counters.updated')).toEqual([
      { type: 'counters.updated', data: { unread: 1 }, seq: 1 },
    ]);
    for (const s of [...sockets, bobSocket]) s.close();
  });

  it('logout closes that token’s sockets with 4002 and leaves the user’s other sessions open', async () => {
    const u = await registerUser(t);
    const other = await loginAgain(t, u);
    const a1 = await openSocket(t, u.token);
    const a2 = await openSocket(t, u.token);
    const b = await openSocket(t, other);
    await Promise.all([a1, a2, b].map((s) => s.next((f) => f.type === 'hello')));
    const id = await internalUserId(t, other);

    expect((await api(t, 'POST', '/user/logout', { token: u.token })).code).toBe(200);
    for (const s of [a1, a2])
      expect(await s.closed).toEqual({ code: WsClose.sessionEnded, reason: 'logged out' });
    // The other session's socket still answers after the logout was applied.
    b.send({ id: 1, type: 'ping' });
    expect((await b.next((f) => f.type === 'ack')).code).toBe(200);
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    await t.server.ctx.realtime.emit([id], 'counters.updated', { unread: 2 });
    await b.next((f) => f.type === 'counters.updated');
    expect(t.server.gateway.connectionsOfUser(id)).toBe(1);
    b.close();
  });

  it('a forced logout sends type -1 with the text, then closes with 4003', async () => {
    const u = await registerUser(t);
    const keeper = await loginAgain(t, u);
    const victim = await openSocket(t, u.token);
    const kept = await openSocket(t, keeper);
    await Promise.all([victim, kept].map((s) => s.next((f) => f.type === 'hello')));
    const res = await api<{ count: number }>(t, 'POST', '/user/logoutOthers', { token: keeper });
    expect(res.code).toBe(200);
    const closed = await victim.closed;
    expect(victim.frames.at(-1)).toMatchObject({ type: -1, data: { text: '您已被强制下线' } });
    expect(closed).toEqual({ code: WsClose.forcedLogout, reason: 'forced logout' });
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    kept.close();
  });
});

describe('health', () => {
  it('reports the in-process bus', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    const body = (await res.json()) as { data: { bus: { kind: string; ok: boolean } } };
    expect(body.data.bus).toEqual({ kind: 'memory', ok: true });
  });
});
