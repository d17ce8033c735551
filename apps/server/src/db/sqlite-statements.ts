import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many prepared statements one database keeps (distinct SQL texts; `in (?, ?, …)` lists vary). */
export const STATEMENT_CACHE_SIZE = 512;

interface Cached {
  stmt: SqliteStatement;
  /** A plain query (SELECT): it may run inside a read snapshot. */
  query: boolean;
  /** When it was last prepared (a counter): the least recent one goes when the cache is full. */
  used: number;
}

/** The least recently used entry's key: a scan, only when a new statement meets a full cache. */
function leastRecent(cache: Map<string, Cached>): string | undefined {
  let oldest: string | undefined;
  let at = Infinity;
  for (const [sql, entry] of cache) {
    if (entry.used < at) {
      at = entry.used;
      oldest = sql;
    }
  }
  return oldest;
}

/**
 * The database Kysely's SQLite dialect talks to, with prepared statements kept by SQL text. Kysely's
 * driver calls `prepare` for every query; compiling the SQL again each time cost about a fifth of the
 * server's CPU in the delivery bench (docs/performance.md "Messaging"). Statements are reused in
 * least-recently-used order, at most `max` of them. Kysely runs one query at a time on its single
 * SQLite connection, so a cached statement is never in use twice at once.
 *
 * **Read snapshots** (docs/decisions/004-read-snapshots.md). SQLite drops a connection's whole page
 * cache whenever a read finds that another connection (the send thread, another node) committed
 * since its last one; with commits every few milliseconds every lookup started cold (~50 µs for a
 * token check that takes ~5 warm). So the queries run outside a transaction during one event-loop
 * turn share one read transaction: the first opens it (`BEGIN`), the end of the turn closes it, and
 * so does any other statement first (a write, `BEGIN IMMEDIATE` of a use case), which therefore runs
 * and commits exactly as before. Every statement passes through here right before it runs (Kysely
 * prepares each query; `compiled.ts` prepares each direct run), which is what makes this safe. A
 * snapshot is at most one turn old, the same age a read that started at the turn's beginning has.
 */
export function withStatementCache(
  file: SQLite.Database,
  max = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly inTransaction: boolean; endReadSnapshot(): void } {
  const cache = new Map<string, Cached>();
  let tick = 0;
  const begin = file.prepare('BEGIN');
  const commit = file.prepare('COMMIT');
  let snapshot = false;
  const endSnapshot = () => {
    if (!snapshot || !file.open) return;
    try {
      if (file.inTransaction) commit.run();
      snapshot = false;
    } catch {
      // A read transaction ends unless a statement is still being stepped (an iterator, which
      // nothing here uses): try again next turn rather than fail the caller or the timer.
      setImmediate(endSnapshot);
    }
  };
  return {
    /** A use case's transaction is open on the connection (better-sqlite3 knows it synchronously). */
    get inTransaction() {
      return file.inTransaction && !snapshot;
    },
    /**
     * Ends the read snapshot now, if one is open: the next read sees every commit made so far. Called
     * when another connection reports a commit this process is about to announce (the send thread's),
     * so that a read starting after the announcement sees it even within the same turn.
     */
    endReadSnapshot: () => endSnapshot(),
    close: () => {
      endSnapshot();
      cache.clear();
      file.close();
    },
    prepare(sql: string): SqliteStatement {
      // A hit is one lookup (a statement runs ~10 times per sent message); eviction scans, rarely.
      let entry = cache.get(sql);
      if (!entry) {
        const stmt = file.prepare(sql);
        entry = { stmt: stmt as unknown as SqliteStatement, query: stmt.readonly && stmt.reader, used: 0 };
        if (cache.size >= max) cache.delete(leastRecent(cache)!);
        cache.set(sql, entry);
      }
      entry.used = ++tick;
      if (snapshot) {
        if (!entry.query) endSnapshot();
        // Never write inside a read snapshot: the write would commit only when the snapshot ends.
        if (snapshot && !entry.query) throw new Error('SQLite read snapshot still open');
      } else if (entry.query && !file.inTransaction) {
        begin.run();
        snapshot = true;
        setImmediate(endSnapshot);
      }
      return entry.stmt;
    },
  };
}
