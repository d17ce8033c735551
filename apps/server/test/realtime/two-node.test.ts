import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { WsClose } from '@parley/protocol';
import {
  api,
  openSocket,
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../helpers.js';
import { ackOf, loginAgain } from './helpers.js';
import { startNodeProcess, type NodeProcess } from './node-process.js';
import { describeWithServices } from '../services.js';

// Two server processes sharing PostgreSQL and Redis. Needs DATABASE_URL and REDIS_URL; in CI a
// missing or unreachable one fails this file instead of skipping it (services.ts).
describeWithServices(
  ['DATABASE_URL', 'REDIS_URL'],
  'two server processes sharing PostgreSQL and Redis',
  () => {
    const databaseUrl = process.env.DATABASE_URL ?? '';
    const redisUrl = process.env.REDIS_URL ?? '';
    const schema = `t_2n_${randomBytes(5).toString('hex')}`;
    const redisPrefix = `parley-2n-${randomBytes(4).toString('hex')}`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATABASE_SCHEMA: schema,
      REDIS_PREFIX: redisPrefix,
    };
    let nodeA: NodeProcess;
    let nodeB: NodeProcess;
    /** A third node inside the test process: it can publish any event through `ctx.realtime`. */
    let nodeC: TestServer;

    beforeAll(async () => {
      // One after the other: the first one creates the schema and runs the migrations.
      nodeA = await startNodeProcess('node-a', env);
      nodeB = await startNodeProcess('node-b', env);
      nodeC = await startTestServer({
        databaseUrl,
        databaseSchema: schema,
        redisUrl,
        redisPrefix,
        nodeId: 'node-c',
      });
    });

    afterAll(async () => {
      await Promise.all([nodeA?.stop(), nodeB?.stop(), nodeC?.close()]);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });

    async function userOnA(): Promise<{ user: TestUser; tokenB: string; idA: number }> {
      const user = await registerUser(nodeA.baseUrl); // registered on A ...
      const tokenB = await loginAgain(nodeB.baseUrl, user); // ... and logged in on B: one shared database
      const idA = (await nodeC.server.app.resolveSession(user.token)).userId;
      return { user, tokenB, idA };
    }

    it('both nodes are separate processes on PostgreSQL with the Redis bus', async () => {
      expect(nodeA.pid).not.toBe(nodeB.pid);
      for (const node of [nodeA, nodeB]) {
        const body = (await (await fetch(`${node.baseUrl}/api/health`)).json()) as { data: unknown };
        expect(body.data).toEqual({
          db: { dialect: 'postgres', ok: true },
          bus: { kind: 'redis', ok: true },
          node: node.nodeId,
          // PostgreSQL commits sends on the main thread.
          sendThread: 'off',
        });
      }
    });

    it('a user connected to node A gets an event published on another node', async () => {
      const { user, tokenB, idA } = await userOnA();
      const onA = await openSocket(nodeA.baseUrl, user.token);
      const onB = await openSocket(nodeB.baseUrl, tokenB);
      await Promise.all([onA, onB].map((s) => s.next((f) => f.type === 'hello')));
      await nodeC.server.ctx.realtime.emit([idA], 'counters.updated', { unread: 42 });
      for (const s of [onA, onB]) {
        expect(await s.next((f) => f.type === 'counters.updated')).toMatchObject({
          type: 'counters.updated',
          data: { unread: 42 },
        });
      }
      onA.close();
      onB.close();
    });

    it('a forced logout requested on node B reaches the socket on node A: type -1 first, then 4003', async () => {
      const { user, tokenB } = await userOnA();
      const onA = await openSocket(nodeA.baseUrl, user.token);
      await onA.next((f) => f.type === 'hello');
      const res = await api<{ count: number }>(nodeB.baseUrl, 'POST', '/user/logoutOthers', {
        token: tokenB,
      });
      expect(res.data.count).toBe(1);
      expect(await onA.closed).toEqual({ code: WsClose.forcedLogout, reason: 'forced logout' });
      expect(onA.frames.at(-1)).toMatchObject({ type: -1, data: { text: '您已被强制下线' } });
    });

    it('a logout on node B closes that token’s socket on node A with 4002, other sessions stay', async () => {
      const { user, tokenB } = await userOnA();
      const tokenA2 = await loginAgain(nodeA.baseUrl, user);
      const target = await openSocket(nodeA.baseUrl, user.token);
      const keepOnA = await openSocket(nodeA.baseUrl, tokenA2);
      const keepOnB = await openSocket(nodeB.baseUrl, tokenB);
      await Promise.all([target, keepOnA, keepOnB].map((s) => s.next((f) => f.type === 'hello')));

      // The logout is sent to B with A's token: the sessions live in the shared database.
      expect((await api(nodeB.baseUrl, 'POST', '/user/logout', { token: user.token })).code).toBe(200);
      expect(await target.closed).toEqual({ code: WsClose.sessionEnded, reason: 'logged out' });
      // The other sessions still answer after the logout was applied on A.
      for (const s of [keepOnA, keepOnB]) {
        s.send({ id: 'still-open', type: 'ping' });
        expect((await s.next(ackOf('still-open'))).code).toBe(200);
      }
      expect([keepOnA.ws.readyState, keepOnB.ws.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN]);
      // The logged-out token is refused on every node.
      for (const base of [nodeA.baseUrl, nodeB.baseUrl]) {
        const again = await openSocket(base, user.token);
        expect(await again.closed).toEqual({ code: 4001, reason: '11013 session revoked' });
      }
      keepOnA.close();
      keepOnB.close();
    });

    it('SIGTERM on node A closes its sockets with 1012 and the process exits cleanly; B keeps serving', async () => {
      const { user, tokenB } = await userOnA();
      const onA = await openSocket(nodeA.baseUrl, user.token);
      const onB = await openSocket(nodeB.baseUrl, tokenB);
      await Promise.all([onA, onB].map((s) => s.next((f) => f.type === 'hello')));
      const exit = nodeA.stop();
      expect(await onA.closed).toEqual({ code: WsClose.serviceRestart, reason: 'server restarting' });
      expect(await exit).toEqual({ code: 0, signal: null });
      onB.send({ id: 1, type: 'ping' });
      expect((await onB.next((f) => f.type === 'ack')).code).toBe(200);
      onB.close();
    });
  },
);
