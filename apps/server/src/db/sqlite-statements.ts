import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many prepared statements one database keeps (distinct SQL texts; `in (?, ?, …)` lists vary). */
export const STATEMENT_CACHE_SIZE = 512;

/**
 * The database Kysely's SQLite dialect talks to, with prepared statements kept by SQL text. Kysely's
 * driver calls `prepare` for every query; compiling the SQL again each time cost about a fifth of the
 * server's CPU in the delivery bench (docs/performance.md "Messaging"). Statements are reused in
 * least-recently-used order, at most `max` of them. Kysely runs one query at a time on its single
 * SQLite connection, so a cached statement is never in use twice at once.
 */
export function withStatementCache(
  file: SQLite.Database,
  max = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly inTransaction: boolean } {
  const cache = new Map<string, SqliteStatement>();
  return {
    /** A transaction is open on the connection (better-sqlite3 knows it synchronously). */
    get inTransaction() {
      return file.inTransaction;
    },
    close: () => {
      cache.clear();
      file.close();
    },
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        // Map keeps insertion order: re-inserting marks it the most recently used.
        cache.delete(sql);
      } else {
        stmt = file.prepare(sql) as unknown as SqliteStatement;
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
