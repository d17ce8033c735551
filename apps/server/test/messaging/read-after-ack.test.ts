import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counters, Message, SyncResult } from '@parley/protocol';
import { sqliteFileOf } from '../../src/db/compiled.js';
import { compiledServer } from '../compiled-server.js';
import { api, openSocket, startTestServer, type TestSocket, type TestUser } from '../helpers.js';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';
import { internalUserId } from '../realtime/helpers.js';
import { c2c, post, userOn } from './helpers.js';

// Every read that starts after a `message.send` ack sees the acked message: the receiver's sync and
// badge counters, asked right after the ack arrived, include it. The server runs as its own process
// (the compiled bundle `npm start` runs), as under a real client: its commits happen on the SQLite
// send thread (or the PostgreSQL pool) while the main connection serves reads. Each round: A with six
// tabs and B with five, 300 sends at once both ways, B closes a tab, then A sends 50 in a row, each
// after the last one's ack; each tab stays under the per-connection frame budget (realtime/frames.ts).
const ROUNDS = Number(process.env.READ_AFTER_ACK_ROUNDS ?? 12);
const CONCURRENT = 300;
const IN_A_ROW = 50;

const schema = `t_raa_${randomBytes(5).toString('hex')}`;
let node: NodeProcess;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  const { main } = await compiledServer();
  node = await startNodeProcess(
    'read-after-ack',
    {
      MESSAGE_SEND_PER_MINUTE: '1000000',
      REDIS_URL: '',
      PASSWORD_HASH_MEMORY_KIB: process.env.PASSWORD_HASH_MEMORY_KIB ?? '',
      PASSWORD_HASH_TIME_COST: process.env.PASSWORD_HASH_TIME_COST ?? '',
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }
        : { DATABASE_URL: '' }),
    },
    40_000,
    main,
  );
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await node?.stop();
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

let frameId = 0;
/** Sends a text over `socket` and waits for its ack; the stored message. */
async function sendOver(socket: TestSocket, to: TestUser, text: string): Promise<Message> {
  const id = `f${++frameId}`;
  socket.send({
    type: 'message.send',
    id,
    data: { conversationID: c2c(to), clientMsgId: id, type: 'text', payload: { text } },
  });
  const ack = await socket.next((f) => f.type === 'ack' && f.id === id, 20_000);
  if (ack.code !== 200) throw new Error(`send failed: ${String(ack.code)} ${String(ack.msg)}`);
  return ack.data as Message;
}

/** Every change after `since`, paging while the server has more. */
async function syncAll(user: TestUser, since: number): Promise<Message[]> {
  const out: Message[] = [];
  for (let at = since; ;) {
    const res = await post<SyncResult>(node.baseUrl, user, '/message/sync', { since: at });
    expect(res.code).toBe(200);
    out.push(...res.data.messages);
    if (!res.data.hasMore) return out;
    at = res.data.version;
  }
}

async function tabs(user: TestUser, n: number): Promise<Array<{ s: TestSocket; syncVersion: number }>> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = await openSocket(node.baseUrl, user.token);
    sockets.push(s);
    const hello = await s.next((f) => f.type === 'hello');
    out.push({ s, syncVersion: (hello.data as { syncVersion: number }).syncVersion });
  }
  return out;
}

describe('a read that starts after an ack', () => {
  it(`sees the acked message in /message/sync and /user/counters (${ROUNDS} rounds)`, async () => {
    const a = await userOn(node.baseUrl, 'ra');
    const b = await userOn(node.baseUrl, 'rb');
    for (let round = 0; round < ROUNDS; round++) {
      const aTabs = await tabs(a, 6);
      const bTabs = await tabs(b, 5);
      const both = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          i % 2 === 0
            ? sendOver(aTabs[(i >> 1) % 6]!.s, b, `a${i}`).then((m) => ({ from: 'a', m }))
            : sendOver(bTabs[(i >> 1) % 5]!.s, a, `b${i}`).then((m) => ({ from: 'b', m })),
        ),
      );
      bTabs[4]!.s.close();
      await bTabs[4]!.s.closed;
      const inARow: Message[] = [];
      for (let i = 0; i < IN_A_ROW; i++) inARow.push(await sendOver(aTabs[i % 6]!.s, b, `row${i}`));
      const last = inARow[IN_A_ROW - 1]!;

      // Right after the last ack: B's sync from its first tab's hello version, and B's badge.
      const synced = await syncAll(b, bTabs[0]!.syncVersion);
      const counters = await api<Counters>(node.baseUrl, 'GET', '/user/counters', { token: b.token });

      const ids = new Set(synced.map((m) => m.ID));
      expect({ round, lastSeen: ids.has(last.ID) }).toEqual({ round, lastSeen: true });
      for (const m of [...both.map((x) => x.m), ...inARow]) expect(ids.has(m.ID)).toBe(true);
      // B's unread: A's messages after B's own last one (B's own send reads everything before it).
      const bLast = Math.max(...both.filter((x) => x.from === 'b').map((x) => x.m.sequence));
      const unread = [...both.filter((x) => x.from === 'a').map((x) => x.m), ...inARow].filter(
        (m) => m.sequence > bLast,
      ).length;
      expect({ round, unread: counters.data.unread }).toEqual({ round, unread });
      for (const { s } of [...aTabs, ...bTabs]) s.close();
    }
  }, 300_000);
});

// The same rule where it can break, made to happen every time: on SQLite the main connection's reads
// in one event-loop turn share a read snapshot (db/sqlite-statements.ts). Here one opens in the timers
// phase, before the send thread's commit (a second connection holds the write lock until then), and
// the commit's answer arrives in the same turn's poll phase: the read after the answer must see it.
describe.skipIf(!!process.env.DATABASE_URL)('a read in the same turn as the send thread answers', () => {
  it('sees the message that answer acknowledges', async () => {
    const t = await startTestServer({ messageSendPerMinute: 100_000 });
    const side = new SQLite(path.join(t.config.dataDir, 'parley.db'));
    try {
      const a = await userOn(t, 'sa');
      const b = await userOn(t, 'sb');
      const [aId, bId] = [await internalUserId(t, a.token), await internalUserId(t, b.token)];
      const send = t.server.modules.messaging.send;
      const body = (clientMsgId: string) => ({
        conversationID: c2c(b),
        clientMsgId,
        type: 'text' as const,
        payload: { text: clientMsgId },
      });
      await send.send(aId, body('warm-up')); // the thread is started and has its statements
      expect(send.threadState).toBe('running');
      const unreadOfB = () =>
        t.server.ctx.db
          .selectFrom('conversation_members')
          .select('unread')
          .where('user_id', '=', bId)
          .executeTakeFirstOrThrow();
      const mainFile = sqliteFileOf(t.server.ctx.db)!;
      const storedBySide = (id: string) =>
        side.prepare('select count(*) as n from messages where client_msg_id = ?').get(id) as { n: number };

      for (let round = 0; round < 3; round++) {
        const id = `held-${round}`;
        side.prepare('begin immediate').run(); // the thread's commit waits for this lock
        const answered = send.send(aId, body(id));
        await new Promise<void>((resolve) =>
          setTimeout(() => {
            // Timers phase: a read opens this turn's snapshot (synchronously, as the direct
            // statements of db/compiled.ts do), then the thread commits.
            mainFile.prepare('select count(*) as n from messages').all([]);
            side.prepare('commit').run();
            const until = Date.now() + 5_000;
            while (storedBySide(id).n === 0 && Date.now() < until);
            const settle = Date.now() + 50; // the thread posts its answer right after its commit
            while (Date.now() < settle);
            resolve();
          }, 1),
        );
        const message = await answered; // the poll phase of the same turn
        const row = await t.server.ctx.db
          .selectFrom('messages')
          .select('msg_id')
          .where('client_msg_id', '=', id)
          .executeTakeFirst();
        expect({ round, seen: row?.msg_id }).toEqual({ round, seen: message.ID });
        expect((await unreadOfB()).unread).toBe(round + 2);
      }
    } finally {
      side.close();
      await t.close();
    }
  });
});
