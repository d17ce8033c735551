import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';
import { befriend, fullHistory, sendText, userOn } from './helpers.js';

// kill -9 during a burst of sends, three times: after each restart every acknowledged message is
// there exactly once and the conversation's sequence has no gap. SQLite by default; PostgreSQL when
// DATABASE_URL is set (a schema of its own).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-durable-'));
const schema = `t_dur_${randomBytes(5).toString('hex')}`;
const env: Record<string, string> = {
  PARLEY_DATA_DIR: dataDir,
  MESSAGE_SEND_PER_MINUTE: '1000000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
};
let node: NodeProcess | undefined;

afterAll(async () => {
  await node?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

describe('durability', () => {
  it('every acknowledged message survives kill -9, exactly once, with no sequence gap', async () => {
    node = await startNodeProcess('durable', env);
    const a = await userOn(node.baseUrl, 'durA');
    const b = await userOn(node.baseUrl, 'durB');
    await befriend(node.baseUrl, a, b);

    const acked = new Map<string, Message>();
    const attempted = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const base = node.baseUrl;
      let stop = false;
      // Kill once this round has acknowledged some messages, while sends are in flight.
      const target = acked.size + 150;
      let reached = () => {};
      const enough = new Promise<void>((resolve) => (reached = resolve));
      const streams = [0, 1, 2, 3].map(async (s) => {
        for (let i = 0; !stop; i++) {
          const id = `r${round}-s${s}-${i}`;
          attempted.add(id);
          try {
            const res = await sendText(base, s % 2 ? b : a, s % 2 ? a : b, id, id);
            if (res.code === 200) acked.set(id, res.data);
            if (acked.size >= target) reached();
          } catch {
            return; // the server is gone
          }
        }
      });
      await enough;
      node.child.kill('SIGKILL');
      await node.exited;
      stop = true;
      await Promise.all(streams);
      node = await startNodeProcess('durable', env);

      const history = await fullHistory(node.baseUrl, a, b);
      const seqs = history.map((m) => m.sequence);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      const texts = history.filter((m) => m.type === 'text').map((m) => m.payload.text as string);
      expect(new Set(texts).size).toBe(texts.length);
      for (const [id, m] of acked) {
        expect(history.find((h) => h.ID === m.ID)?.payload.text).toBe(id);
      }
      // Whatever was sent but not acknowledged is either there once or not at all.
      expect(texts.every((x) => attempted.has(x))).toBe(true);
    }
    expect(acked.size).toBeGreaterThanOrEqual(450);
  }, 240_000);
});
