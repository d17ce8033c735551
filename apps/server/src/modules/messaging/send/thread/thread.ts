/**
 * The SQLite send thread's entry (see send-thread.ts): `SendCore` on the thread's own connection to
 * the database file (thread-core.ts). Sends arrive in batches from the main thread; their events,
 * counter pushes and answers go back in the order they happen, gathered per event-loop turn into one
 * message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndexer } from '../../core/search-indexer.js';
import { openThreadCore } from './thread-core.js';
import { toWire, type ThreadData, type ThreadJob, type ThreadReply } from './wire.js';

const port = parentPort!;

let outbox: ThreadReply[] = [];
/** Replies that went out in earlier messages: reply number `n` is `outbox[n - flushed]`. */
let flushed = 0;
/** Queues a reply for this turn's message; its number. */
function post(reply: ThreadReply): number {
  if (outbox.length === 0) setImmediate(flush);
  return flushed + outbox.push(reply) - 1;
}
function flush(): void {
  const replies = outbox;
  outbox = [];
  flushed += replies.length;
  port.postMessage(replies);
}

const data = workerData as ThreadData;
const { core, db, logger, encoded, replyOf } = openThreadCore(data, post);

/**
 * A send's answer is the text its sender's event carried. While that event's reply waits in the
 * outbox (the usual case: a batch's answers follow its events in the same turn), the answer names
 * it instead of carrying the same text across threads a second time.
 */
function answer(id: number, message: unknown): ThreadReply {
  const at = (replyOf(message) ?? -1) - flushed;
  if (at >= 0 && at < outbox.length) return { k: 'done', id, at };
  return { k: 'done', id, json: encoded(message) };
}

// The background search indexing runs here too: on the main thread its transactions would wait for
// this thread's write lock (SQLite's busy handler sleeps, stalling every socket of the node).
const indexer = new SearchIndexer({ db, log: logger }, data.searchIndexEveryMs);
indexer.start();

port.on('message', (jobs: ThreadJob[]) => {
  const sends: Array<Extract<ThreadJob, { k: 'send' }>> = [];
  for (const job of jobs) {
    if (job.k === 'send') sends.push(job);
    else {
      indexer.stop();
      flush();
      void db.destroy().then(() => process.exit(0));
      break;
    }
  }
  // The turn's sends are one batch (send-core.ts `sendBatch`): each answer in the batch's order.
  void core
    .sendBatch(sends)
    .then((outcomes) =>
      outcomes.forEach((o, i) =>
        post(
          o.ok ? answer(sends[i]!.id, o.message) : { k: 'fail', id: sends[i]!.id, error: toWire(o.error) },
        ),
      ),
    );
});
