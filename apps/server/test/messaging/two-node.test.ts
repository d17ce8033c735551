import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { openSocket, type TestSocket } from '../helpers.js';
import { servicesFor } from '../realtime/helpers.js';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';
import { befriend, burst, expectOneOrder, fullHistory, userOn } from './helpers.js';

// Two server processes sharing PostgreSQL and Redis: senders on both nodes write into one
// conversation; sequences stay gap-free and every tab on either node receives every message.
const services = servicesFor(['DATABASE_URL', 'REDIS_URL']);

describe.skipIf(!services.run)('messaging across two nodes', () => {
  const schema = `t_2m_${randomBytes(5).toString('hex')}`;
  const env = {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    DATABASE_SCHEMA: schema,
    REDIS_PREFIX: `parley-2m-${randomBytes(4).toString('hex')}`,
    MESSAGE_SEND_PER_MINUTE: '100000',
  };
  let nodeA: NodeProcess;
  let nodeB: NodeProcess;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    nodeA = await startNodeProcess('msg-a', env);
    nodeB = await startNodeProcess('msg-b', env);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('1,000 messages sent through both nodes: one gap-free order, delivered to tabs on both', async () => {
    const a = await userOn(nodeA.baseUrl, 'twoA');
    const b = await userOn(nodeA.baseUrl, 'twoB');
    await befriend(nodeA.baseUrl, a, b);
    // A listens on node B, B on node A: every delivery crosses the bus.
    const ta = await openSocket(nodeB.baseUrl, a.token);
    const tb = await openSocket(nodeA.baseUrl, b.token);
    sockets.push(ta, tb);
    await Promise.all([ta, tb].map((s) => s.next((f) => f.type === 'hello')));

    const streams = [
      { node: nodeA.baseUrl, from: a, to: b },
      { node: nodeB.baseUrl, from: a, to: b },
      { node: nodeA.baseUrl, from: b, to: a },
      { node: nodeB.baseUrl, from: b, to: a },
      { node: nodeB.baseUrl, from: a, to: b },
    ];
    const acked = (
      await Promise.all(streams.map((s, i) => burst(s.node, [{ from: s.from, to: s.to }], 200, `n${i}`)))
    ).flat();
    expect(acked).toHaveLength(1000);

    const total = 1001; // the add-friend notice first
    expectOneOrder(await fullHistory(nodeB.baseUrl, a, b), await fullHistory(nodeA.baseUrl, b, a), total);
    for (const s of [ta, tb]) {
      await s.waitFor(() => s.frames.filter((f) => f.type === 'message.new').length >= total - 1, 60_000);
      const seqs = s.frames
        .filter((f) => f.type === 'message.new' && (f.data as Message).type === 'text')
        .map((f) => (f.data as Message).sequence)
        .sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: total - 1 }, (_, i) => i + 2));
    }
  }, 180_000);
});
