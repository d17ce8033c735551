import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';

/**
 * Two server processes on one fresh PostgreSQL schema and one Redis prefix, started before the
 * suite's tests and stopped (schema dropped) after: the multi-node tests' setup, with `env` added to
 * both nodes' environment. Call it inside a `describe`; sockets (or call tabs) pushed to `sockets` are
 * closed at the end.
 */
export function useTwoNodes(tag: string, extraEnv: Record<string, string> = {}) {
  const schema = `t_${tag}_${randomBytes(5).toString('hex')}`;
  const env = {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    DATABASE_SCHEMA: schema,
    REDIS_PREFIX: `parley-${tag}-${randomBytes(4).toString('hex')}`,
    MESSAGE_SEND_PER_MINUTE: '100000',
    ...extraEnv,
  };
  const nodes = { a: undefined as unknown as NodeProcess, b: undefined as unknown as NodeProcess };
  const sockets: Array<{ close(): void }> = [];

  beforeAll(async () => {
    nodes.a = await startNodeProcess(`${tag}-a`, env);
    nodes.b = await startNodeProcess(`${tag}-b`, env);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([nodes.a?.stop(), nodes.b?.stop()]);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  return { nodes, sockets };
}
