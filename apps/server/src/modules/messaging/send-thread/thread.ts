/**
 * The SQLite send thread's entry (see send-thread.ts): `SendCore` on the thread's own connection to
 * the database file (thread-core.ts). Sends arrive in batches from the main thread; their events,
 * counter pushes and answers go back in the order they happen, gathered per event-loop turn into one
 * message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndexer } from '../search-indexer.js';
import { openThreadCore } from './thread-core.js';
import { toWire, type ThreadData, type ThreadJob, type ThreadReply } from './wire.js';

const port = parentPort!;

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

const data = workerData as ThreadData;
const { core, db, logger, encoded } = openThreadCore(data, post);

// The background search indexing runs here too: on the main thread its transactions would wait for
// this thread's write lock (SQLite's busy handler sleeps, stalling every socket of the node).
const indexer = new SearchIndexer({ db, log: logger }, data.searchIndexEveryMs);
indexer.start();

port.on('message', (jobs: ThreadJob[]) => {
  for (const job of jobs) {
    if (job.k === 'close') {
      indexer.stop();
      flush();
      void db.destroy().then(() => process.exit(0));
      return;
    }
    core.send(job.userId, job.body, job.now, job.origin).then(
      (message) => post({ k: 'done', id: job.id, json: encoded(message) }),
      (err: unknown) => post({ k: 'fail', id: job.id, error: toWire(err) }),
    );
  }
});
post({ k: 'ready' });
