/**
 * The SQLite send thread's entry (see send-thread.ts): `SendCore` on the thread's own connection to
 * the database file. Sends arrive in batches from the main thread; their events, counter pushes and
 * answers go back in the order they happen, gathered per event-loop turn into one message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { openSqliteFile } from '../../../db/index.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../../../db/sqlite-checkpointer.js';
import { UnitsOfWork } from '../../../db/unit-of-work.js';
import type { Realtime } from '../../../realtime/types.js';
import { assertMayMessage } from '../../friends/blacklist.service.js';
import { UserRepo } from '../../users/user.repo.js';
import { PeerResolver } from '../peer.js';
import { SearchIndexer } from '../search-indexer.js';
import { SendCore } from '../send-core.js';
import { toWire, type ThreadData, type ThreadJob, type ThreadReply } from './wire.js';

const port = parentPort!;
const { filePath, sensitiveWords } = workerData as ThreadData;
const { db, file } = openSqliteFile(filePath);
// The main connection's checkpointer thread checkpoints the WAL; this connection's commits must not
// (an automatic checkpoint copies and syncs pages inside a commit), unless it falls far behind.
file.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
// Every row this thread inserts refers to rows its own transaction has just read (the conversation,
// the sender, the users of the log rows): the child-side foreign key lookups would find them again.
// Deletes (and their cascades) happen on the main connection, where the keys stay enforced.
file.pragma('foreign_keys = OFF');

let outbox: ThreadReply[] = [];
function post(reply: ThreadReply): void {
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(reply);
}
function flush(): void {
  const replies = outbox;
  outbox = [];
  port.postMessage(replies);
}

const line =
  (level: 'error' | 'warn' | 'info') =>
  (obj: unknown, msg?: string): void =>
    post({ k: 'log', level, obj: obj instanceof Error ? toWire(obj) : obj, msg: msg ?? '' });
const noop = () => undefined;
// The main thread writes the lines to its own log (send-thread.ts).
const log = {
  error: line('error'),
  warn: line('warn'),
  info: line('info'),
  debug: noop,
  trace: noop,
  fatal: line('error'),
};
const logger = { ...log, child: () => logger, level: 'info', silent: noop } as unknown as FastifyBaseLogger;

// Events are published by the main thread after it reads them: this one only hands them over.
const realtime = {
  emit: (to, type, data) => {
    post({ k: 'emit', to, type, data });
    return Promise.resolve();
  },
} as Pick<Realtime, 'emit'> as Realtime;

const core = new SendCore(
  { db, uow: new UnitsOfWork(db, realtime, logger), realtime, log: logger, config: { sensitiveWords } },
  new PeerResolver(new UserRepo(db)),
  { assertCanMessage: (from, to, uow) => assertMayMessage(uow?.db ?? db, from, to) },
  { pushSoon: (userId, key, known) => post({ k: 'push', userId, key, known }) },
);

// The background search indexing runs here too: on the main thread its transactions would wait for
// this thread's write lock (SQLite's busy handler sleeps, stalling every socket of the node).
const indexer = new SearchIndexer({ db, log: logger });
indexer.start();

port.on('message', (jobs: ThreadJob[]) => {
  for (const job of jobs) {
    if (job.k === 'close') {
      indexer.stop();
      flush();
      void db.destroy().then(() => process.exit(0));
      return;
    }
    core.send(job.userId, job.body, job.now).then(
      (message) => post({ k: 'done', id: job.id, message }),
      (err: unknown) => post({ k: 'fail', id: job.id, error: toWire(err) }),
    );
  }
});
post({ k: 'ready' });
