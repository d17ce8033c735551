import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Socket } from 'node:net';
import { MAX_BUFFERED_BYTES } from '../../src/realtime/socket-output.js';
import { openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';
import { internalUserId, rawClient, waitUntil } from './helpers.js';

/** Every log line of the server, parsed (pino writes one JSON object per line). */
const logs: Array<{ level: number; msg: string; userId?: number; connectionId?: string }> = [];
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ logLevel: 'warn' }, undefined, undefined, {
    write: (line) => void logs.push(JSON.parse(line) as (typeof logs)[number]),
  });
});
afterAll(() => t.close());

/** One event of about 64 KB for this user, through the bus like any service's event. */
function push(userId: number, i: number): Promise<void> {
  return t.server.ctx.bus.publish({
    kind: 'users',
    userIds: [userId],
    frame: { type: 'counters.updated', data: { i, pad: 'x'.repeat(64 * 1024) } } as never,
  });
}

describe('a client that stops reading', () => {
  it(`is dropped once more than ${MAX_BUFFERED_BYTES / 1024 / 1024} MB wait for it; its other tabs keep theirs`, async () => {
    const u = await registerUser(t);
    const id = await internalUserId(t, u.token);
    const reader = await openSocket(t, u.token);
    await reader.next((f) => f.type === 'hello');
    const stalled = rawClient(`${t.wsUrl}/ws/${u.token}`);
    const hello = await stalled.next((f) => f.type === 'hello');
    const connectionId = (hello.data as { connectionId: string }).connectionId;
    await waitUntil(() => t.server.gateway.connectionsOfUser(id) === 2, 2000, 'two connections');

    // Stop reading: the kernel buffers fill, then the server's send buffer grows.
    (stalled.ws as unknown as { _socket: Socket })._socket.pause();
    let sent = 0;
    // Each push is awaited and followed by a turn of the event loop, so the server writes what it
    // can before the next one; the bound only keeps a broken drop from running forever.
    while (t.server.gateway.connectionsOfUser(id) === 2 && sent < 4000) {
      await push(id, sent++);
      await new Promise((r) => setImmediate(r));
    }
    expect(t.server.gateway.connectionsOfUser(id)).toBe(1);
    // It took more than the limit's worth of events (the kernel buffers absorb some first).
    expect(sent * 64 * 1024).toBeGreaterThan(MAX_BUFFERED_BYTES);
    const dropped = logs.filter((l) => l.msg === 'socket dropped: client does not read');
    expect(dropped).toEqual([expect.objectContaining({ level: 40, userId: id, connectionId })]);

    // The reading tab got every event; the stalled one is cut (no close frame) once it reads again.
    await reader.next((f) => (f.data as { i?: number }).i === sent - 1, 15_000);
    expect(reader.frames.filter((f) => f.type === 'counters.updated')).toHaveLength(sent);
    (stalled.ws as unknown as { _socket: Socket })._socket.resume();
    expect((await stalled.closed).code).toBe(1006);
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    reader.close();
  }, 60_000);
});
