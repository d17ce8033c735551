import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WsClose } from '@parley/protocol';
import { RedisBus } from '../../src/realtime/redis-bus.js';
import type { BusMessage } from '../../src/realtime/types.js';
import { openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';
import {
  eventually,
  expectLoggedOutBeforeHello,
  holdTokenCheck,
  internalUserId,
  waitUntil,
} from './helpers.js';
import { describeWithServices } from '../services.js';

// Runs when REDIS_URL is set; in CI a missing or unreachable Redis fails this file (services.ts).
const redisUrl = process.env.REDIS_URL ?? '';
const prefix = () => `parley-test-${randomBytes(4).toString('hex')}`;

function collector(bus: RedisBus): BusMessage[] {
  const got: BusMessage[] = [];
  bus.subscribe((m) => got.push(m));
  return got;
}

describeWithServices(['REDIS_URL'], 'Redis bus', () => {
  it('watches asked for together subscribe together, and each resolves only once Redis confirmed', async () => {
    const p = prefix();
    const a = await RedisBus.connect({ url: redisUrl, prefix: p });
    const b = await RedisBus.connect({ url: redisUrl, prefix: p });
    const probe = new Redis(redisUrl);
    try {
      const got = collector(b);
      const users = Array.from({ length: 50 }, (_, i) => 1000 + i);
      // Asked for together: one batch (timed-batch.ts). Once the promises resolve, every channel has
      // its subscriber.
      await Promise.all(users.map((u) => b.watch(u)));
      const counts = (await probe.pubsub('NUMSUB', ...users.map((u) => b.channelOf(u)))) as Array<
        string | number
      >;
      expect(counts.filter((_, i) => i % 2 === 1).map(Number)).toEqual(users.map(() => 1));
      await a.publish({
        kind: 'users',
        userIds: users,
        frame: { type: 'counters.updated', data: { unread: 1 } },
      });
      await waitUntil(() => got.length === users.length, 3000, 'all users');
      // A later watch starts a new batch.
      await b.watch(2000);
      expect(Number(((await probe.pubsub('NUMSUB', b.channelOf(2000))) as Array<string | number>)[1])).toBe(
        1,
      );
    } finally {
      probe.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('routes each message only to the nodes that watch its user, with the user’s push sequence', async () => {
    const p = prefix();
    const a = await RedisBus.connect({ url: redisUrl, prefix: p });
    const b = await RedisBus.connect({ url: redisUrl, prefix: p });
    const other = await RedisBus.connect({ url: redisUrl, prefix: prefix() });
    try {
      // Messages come back over the network, not inside `publish` (send-thread.ts waits for them).
      expect(a.inline).toBe(false);
      const [gotA, gotB, gotOther] = [collector(a), collector(b), collector(other)];
      await b.watch(2);
      await other.watch(1);
      await other.watch(2);
      const frame = { type: 'counters.updated', data: { unread: 1 } };
      await a.publish({ kind: 'users', userIds: [1, 2], frame });
      await a.publish({ kind: 'users', userIds: [2], frame });
      await a.publish({
        kind: 'closeTokens',
        userId: 2,
        tokenIds: ['t'],
        closeCode: 4002,
        reason: 'logged out',
      });
      await waitUntil(() => gotB.length === 3 && gotA.length === 1, 3000, 'node b, and the revocation on a');
      const revocation = {
        kind: 'closeTokens',
        userId: 2,
        tokenIds: ['t'],
        closeCode: 4002,
        reason: 'logged out',
      };
      expect(gotB).toEqual([
        { kind: 'users', userIds: [2], frame: { ...frame, seq: 1 } },
        { kind: 'users', userIds: [2], frame: { ...frame, seq: 2 } },
        revocation,
      ]);
      // The publisher watches nobody: of the user events it received (and parsed) nothing. A
      // revocation reaches every node of the deployment, watching its user or not. User 1 has no node.
      expect(gotA).toEqual([revocation]);
      expect(a.received).toBe(1);
      expect(b.received).toBe(3);
      expect(gotOther).toEqual([]); // another prefix is another deployment
      expect(await a.currentSeq(1)).toBe(1);
      expect(await b.currentSeq(2)).toBe(2);
      b.unwatch(2);
      await a.publish({ kind: 'users', userIds: [2], frame });
      await b.watch(3); // a round trip on b's subscriber connection: the unsubscribe is done
      await a.publish({ kind: 'users', userIds: [3], frame });
      await waitUntil(() => gotB.length === 4, 3000, 'user 3 on node b');
      expect(gotB[3]).toEqual({ kind: 'users', userIds: [3], frame: { ...frame, seq: 1 } });
      expect([await a.ping(), await b.ping()]).toEqual([true, true]);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
    expect(await a.ping()).toBe(false);
    await expect(
      a.publish({ kind: 'closeTokens', userId: 1, tokenIds: [], closeCode: 1000, reason: '' }),
    ).rejects.toThrow('bus is closed');
  });

  it('ignores foreign messages on a user channel and keeps working', async () => {
    const p = prefix();
    const bus = await RedisBus.connect({ url: redisUrl, prefix: p });
    const raw = new Redis(redisUrl);
    try {
      const got = collector(bus);
      await bus.watch(9);
      await raw.publish(bus.channelOf(9), 'not json');
      await raw.publish(bus.channelOf(9), `1|${JSON.stringify({ kind: 'nope' })}`);
      await bus.publish({ kind: 'users', userIds: [9], frame: { type: 'x', data: null } });
      await waitUntil(() => got.length === 1, 3000, 'the valid message');
      expect(got[0]?.kind).toBe('users');
    } finally {
      raw.disconnect();
      await bus.close();
    }
  });

  it('resubscribes after its connection to Redis is cut', async () => {
    const p = prefix();
    const name = `resub-${randomBytes(3).toString('hex')}`;
    const bus = await RedisBus.connect({ url: redisUrl, prefix: p, clientName: name });
    const admin = new Redis(redisUrl);
    try {
      const got = collector(bus);
      await bus.watch(1);
      const list = String(await admin.client('LIST'));
      const subId = /id=(\d+) [^\n]*name=parley-sub-(\S+)/g;
      const ids = [...list.matchAll(subId)].filter((m) => m[2] === name).map((m) => m[1]);
      expect(ids).toHaveLength(1);
      await admin.client('KILL', 'ID', ids[0]!);
      // Wait until Redis lists a new subscriber connection of this bus on the channel again.
      await eventually(async () => {
        const now = String(await admin.client('LIST'));
        const subs = [...now.matchAll(subId)].filter((m) => m[2] === name).map((m) => m[1]);
        const [, count] = (await admin.pubsub('NUMSUB', bus.channelOf(1))) as [string, number];
        return subs.length === 1 && subs[0] !== ids[0] && Number(count) === 1;
      }, 'the bus to resubscribe');
      await bus.publish({ kind: 'users', userIds: [1], frame: { type: 'x', data: null } });
      await waitUntil(() => got.length === 1, 3000, 'the message after resubscribing');
      expect(got[0]).toEqual({ kind: 'users', userIds: [1], frame: { type: 'x', data: null, seq: 1 } });
      expect(await bus.ping()).toBe(true);
    } finally {
      admin.disconnect();
      await bus.close();
    }
  });

  // How fast it fails is measured by bench/failure-detection.ts, not asserted here.
  it('fails with a clear error when Redis cannot be reached', async () => {
    await expect(
      RedisBus.connect({ url: 'redis://127.0.0.1:1', prefix: 'x', connectTimeoutMs: 1000 }),
    ).rejects.toThrow(/^Redis bus: cannot connect to redis:\/\/127\.0\.0\.1:1 \(REDIS_URL\)/);
    await expect(startTestServer({ redisUrl: 'redis://:secret@127.0.0.1:1' })).rejects.toThrow(
      /cannot connect to redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
    );
  });
});

describeWithServices(['REDIS_URL'], 'gateway over Redis (two in-process nodes)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const redisPrefix = prefix();
    // Separate databases are fine here: the nodes only share the bus; user ids are passed explicitly.
    a = await startTestServer({ redisUrl, redisPrefix, nodeId: 'node-a' });
    b = await startTestServer({ redisUrl, redisPrefix, nodeId: 'node-b' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('routes an event for a user on node A to node A only: node B never receives it', async () => {
    const u = await registerUser(a);
    const id = await internalUserId(a, u.token);
    const s = await openSocket(a, u.token);
    const hello = await s.next((f) => f.type === 'hello');
    const [beforeA, beforeB] = [a.server.ctx.bus.received, b.server.ctx.bus.received];
    for (let i = 1; i <= 5; i++) await b.server.ctx.realtime.emit([id], 'counters.updated', { unread: i });
    const last = await s.next(
      (f) => f.type === 'counters.updated' && (f.data as { unread: number }).unread === 5,
    );
    expect(a.server.ctx.bus.received - beforeA).toBe(5);
    expect(b.server.ctx.bus.received - beforeB).toBe(0);
    // Frames carry the user's push sequence, continuing from the one hello announced.
    expect(last.seq).toBe((hello.data as { seq: number }).seq + 5);
    s.close();
  });

  it('reports the Redis bus in health', async () => {
    const body = (await (await fetch(`${a.baseUrl}/api/health`)).json()) as { data: { bus: unknown } };
    expect(body.data.bus).toEqual({ kind: 'redis', ok: true });
  });

  it('delivers an event published on one node to sockets on the other, and on the publisher', async () => {
    const u = await registerUser(a);
    const id = await internalUserId(a, u.token);
    const s1 = await openSocket(a, u.token);
    const s2 = await openSocket(a, u.token);
    await Promise.all([s1, s2].map((s) => s.next((f) => f.type === 'hello')));
    await b.server.ctx.realtime.emit([id], 'counters.updated', { unread: 7 });
    for (const s of [s1, s2])
      expect((await s.next((f) => f.type === 'counters.updated')).data).toEqual({ unread: 7 });
    await a.server.ctx.realtime.emit([id], 'counters.updated', { unread: 8 });
    await s1.next((f) => f.type === 'counters.updated' && (f.data as { unread: number }).unread === 8);
    s1.close();
    s2.close();
  });

  it('a revocation published on node B while node A still checks that token closes the socket: no hello', async () => {
    const u = await registerUser(a);
    const session = await a.server.app.resolveSession(u.token);
    // Node A's check of the socket's token passed and is held: A does not watch the user yet.
    const hold = holdTokenCheck(a);
    try {
      const pending = openSocket(a, u.token);
      await hold.atGate;
      const before = a.server.ctx.bus.received;
      await b.server.ctx.realtime.closeTokens(session.userId, [session.tokenId], {
        closeCode: WsClose.sessionEnded,
        reason: 'logged out',
      });
      await waitUntil(() => a.server.ctx.bus.received > before, 3000, 'the revocation on node A');
      await expectLoggedOutBeforeHello(hold, pending);
    } finally {
      hold.restore();
    }
  });

  it('closes a token’s sockets from another node, with the frame first', async () => {
    const u = await registerUser(a);
    const session = await a.server.app.resolveSession(u.token);
    const s = await openSocket(a, u.token);
    await s.next((f) => f.type === 'hello');
    await b.server.ctx.realtime.closeTokens(session.userId, [session.tokenId], {
      closeCode: WsClose.forcedLogout,
      reason: 'forced logout',
      frame: { type: -1, data: { text: '您已被强制下线' } },
    });
    expect(await s.closed).toEqual({ code: 4003, reason: 'forced logout' });
    expect(s.frames.at(-1)).toEqual({ type: -1, data: { text: '您已被强制下线' } });
    expect(a.server.gateway.connectionCount).toBe(0);
  });
});

describeWithServices(['REDIS_URL'], 'a node shutting down over Redis', () => {
  it('closes its sockets without one UNSUBSCRIBE per user; a socket closing while it runs does unsubscribe', async () => {
    const redisPrefix = prefix();
    const t = await startTestServer({ redisUrl, redisPrefix });
    const monitor = await new Redis(redisUrl).monitor();
    const probe = new Redis(redisUrl);
    const marker = `${redisPrefix}-after-close`;
    let markerSeen = false;
    const unsubscribes: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'echo' && args[1] === marker) markerSeen = true;
      if (args[0]?.toLowerCase() === 'unsubscribe' && args.some((a) => a.startsWith(redisPrefix)))
        unsubscribes.push(args.slice(1));
    });
    try {
      const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t)));
      const sockets = await Promise.all(users.map((u) => openSocket(t, u.token)));
      await Promise.all(sockets.map((s) => s.next((f) => f.type === 'hello')));
      // While the node runs, a user's last socket closing unsubscribes that user's channel.
      sockets[0]!.close();
      const first = await internalUserId(t, users[0]!.token);
      await waitUntil(() => unsubscribes.length === 1, 3000, 'the unsubscribe of a closed socket');
      expect(unsubscribes[0]).toEqual([(t.server.ctx.bus as RedisBus).channelOf(first)]);

      await t.close();
      for (const s of sockets.slice(1)) expect((await s.closed).code).toBe(WsClose.serviceRestart);
      // The bus's connections have quit; MONITOR reports commands in the order Redis ran them, so
      // once it shows a marker sent after the close, it has shown everything the node sent.
      await probe.echo(marker);
      await waitUntil(() => markerSeen, 3000, 'the marker');
      expect(unsubscribes).toHaveLength(1);
    } finally {
      monitor.disconnect();
      probe.disconnect();
    }
  });
});
