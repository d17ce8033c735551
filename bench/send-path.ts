/**
 * The SQLite send path alone, without sockets: `SendCore` exactly as the send thread runs it (the
 * checks and the writes, on `openThreadCore`'s own connection to the file), fed one-to-one text
 * sends in batches of the size the delivery bench's turns bring (1,000 pairs, each client to its pair's other side). Prints
 * the CPU a send costs on that thread, which bounds the delivery bench's rate (docs/performance.md "Delivery over sockets"). BENCH_SQL_STATS=1 adds the time of each SQL statement.
 *
 *   npx tsx bench/send-path.ts [--messages 30000] [--batch 10] [--pairs 1000]
 */
import type { SendMessageBody } from '@parley/protocol';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { buildServer } from '../apps/server/src/app.js';
import { sqlitePath } from '../apps/server/src/db/index.js';
import { openThreadCore } from '../apps/server/src/modules/messaging/send/thread/thread-core.js';
import type { ThreadReply } from '../apps/server/src/modules/messaging/send/thread/wire.js';
import { SearchIndexer } from '../apps/server/src/modules/messaging/core/search-indexer.js';
import { installSqlStats } from './lib/sql-stats.js';
import { seedBenchUsers } from './lib/seed-users.js';

if (process.env.BENCH_SQL_STATS === '1') installSqlStats();

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const messages = option('messages', 30_000);
const batch = option('batch', 10);
const pairs = option('pairs', 1000);
/** The server's default (config.ts `searchIndexEveryMs`). */
const SEARCH_INDEX_EVERY_MS = 100;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'send-path-'));
// The search indexer runs on the send thread's connection, as in a server with a send thread (thread.ts),
// not on the server's: a commit there would make the send thread forget its kept counters
// (send-cache.ts) every time.
const config = loadConfig(
  { ...process.env, PARLEY_DATA_DIR: dir, SEND_THREAD: '0', SEARCH_INDEX_EVERY_MS: '0' },
  { port: 0, host: '127.0.0.1', webDistDir: undefined },
);
const server = await buildServer(config);
const users = await seedBenchUsers(server.modules, pairs * 2, { wtId: 's', phone: '+1556' });

let replies = 0;
const { core, db, logger } = openThreadCore(
  {
    filePath: sqlitePath(config),
    sensitiveWords: [],
    searchIndexEveryMs: SEARCH_INDEX_EVERY_MS,
    metrics: false,
  },
  (r: ThreadReply) => {
    if (r.k === 'log') console.error(r.level, r.obj, r.msg);
    replies += 1;
  },
);
const indexer = new SearchIndexer({ db, log: logger }, SEARCH_INDEX_EVERY_MS);
indexer.start();

let sent = 0;
async function run(count: number): Promise<void> {
  for (let done = 0; done < count; done += batch) {
    const turn = [];
    for (let j = 0; j < batch; j++) {
      const index = (sent * 2 + (sent % 2)) % users.length;
      const from = users[index]!;
      const pairOf = index ^ 1;
      const clientMsgId = `m${sent}-${Math.random().toString(36).slice(2, 10)}`;
      const body: SendMessageBody = {
        conversationID: `C2C${users[pairOf]!.name}`,
        clientMsgId,
        type: 'text',
        payload: { text: clientMsgId },
      };
      turn.push({ from: from.id, body });
      sent += 1;
    }
    const outcomes = await core.sendBatch(
      turn.map((s) => ({ userId: s.from, body: s.body, now: Date.now() })),
    );
    for (const o of outcomes) if (!o.ok) throw o.error;
  }
}

/** Bytes this process handed to write() (the WAL and the checkpoints' copies into the file). */
const written = () => Number(/wchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);

await run(Math.min(5000, messages)); // warm-up: creates the conversations, fills the caches
const written0 = written();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await run(messages);
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuUs = cpu.user + cpu.system;
const bytes = written() - written0;

console.log(`\n## Send path (SendCore on its own connection), ${messages} sends in batches of ${batch}\n`);
console.log('| metric | value |');
console.log('|---|---|');
console.log(`| wall per send | ${((wallMs * 1000) / messages).toFixed(1)} µs |`);
console.log(`| process CPU per send (incl. checkpointer) | ${(cpuUs / messages).toFixed(1)} µs |`);
console.log(`| bytes written per send (WAL + checkpoints) | ${Math.round(bytes / messages)} |`);
console.log(`| sends/s on one thread | ${Math.round(messages / (wallMs / 1000))} |`);
console.log(`| replies posted per send | ${(replies / (messages + Math.min(5000, messages))).toFixed(2)} |`);

indexer.stop();
await db.destroy();
await server.close();
fs.rmSync(dir, { recursive: true, force: true });
