import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
} from 'kysely';
import { SqliteLimitCompiler } from './sqlite-compiler.js';

/**
 * Kysely's SQLite dialect with transactions that take the write lock as they begin (`BEGIN
 * IMMEDIATE`). A deferred transaction that reads first and writes later cannot wait for the lock
 * when another process (a second node on the same file) committed in between: SQLite answers
 * SQLITE_BUSY at once, and the use case would fail. An immediate one waits (busy_timeout) instead.
 * With one process nothing changes: one transaction runs at a time anyway.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }

  /** Whole-number limits written into the SQL (sqlite-compiler.ts). */
  override createQueryCompiler(): QueryCompiler {
    return new SqliteLimitCompiler();
  }
}
