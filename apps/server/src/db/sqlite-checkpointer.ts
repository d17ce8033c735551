import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the background thread checkpoints the WAL. */
const CHECKPOINT_EVERY_MS = 250;
/**
 * A log longer than this (pages of 4 KB: 64 MB, half the fallback below) is checkpointed again at
 * once until it restarts. Not lower: each pass copies the pages written since the last one, so
 * passes back to back copy hot pages again and again (from 8,000 pages: ~18 KB written per send
 * instead of ~15.5), and the commit that restarts the log syncs its header (SQLite does so with
 * synchronous = NORMAL), which on ext4 waits for the checkpoints' writes to the database file.
 */
const CATCH_UP_PAGES = 16_000;
/** The connections still checkpoint in a commit if the WAL grows past this (128 MB): a safety net. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 32_000;

// The thread opens its own connection to the same file and runs PASSIVE checkpoints, which never
// block the writer; its fsyncs happen off the event loop.
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let timer = null;
const tick = () => {
  let soon = false;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    // The log restarts from its beginning only when a commit finds it all copied back; with commits
    // landing during every pass that may never happen. A long log: passes follow at once, each
    // short, until a commit finds nothing left to copy and restarts it.
    soon = r.log > workerData.catchUp;
  } catch {}
  timer = setTimeout(tick, soon ? 1 : workerData.every);
};
timer = setTimeout(tick, workerData.every);
parentPort.on('message', () => { clearTimeout(timer); db.close(); process.exit(0); });
`;
/**
 * Moves WAL checkpoints of a SQLite database off the event loop (docs/performance.md "Messaging"):
 * with SQLite's automatic checkpoints, every ~1,000 pages one commit copies the WAL back into the
 * database file and syncs it, stalling every socket of the node for that long. Here a worker thread
 * checkpoints every 250 ms on its own connection; the main connection keeps a large automatic
 * threshold in case the thread falls behind. Durability is unchanged: a commit is in the WAL
 * before it is acknowledged, whoever checkpoints it later.
 */
export function startCheckpointer(file: SQLite.Database, filePath: string): { stop(): Promise<void> } {
  file.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { driver, file: filePath, every: CHECKPOINT_EVERY_MS, catchUp: CATCH_UP_PAGES },
  });
  worker.unref();
  let exited = false;
  const done = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  worker.on('error', () => {
    // The thread is gone: SQLite's own automatic checkpoints take over again.
    try {
      file.pragma('wal_autocheckpoint = 1000');
    } catch {
      // the database is closed already
    }
  });
  return {
    stop: async () => {
      if (exited) return;
      // The worker is unref'd so it never keeps a process alive; while it stops, it must, or a
      // process with nothing else to do exits before the close completes (and with code 0).
      worker.ref();
      worker.postMessage('stop');
      await done;
    },
  };
}
