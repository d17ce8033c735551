import type { SqliteDatabase } from 'kysely';
import type { Executor } from './executor.js';

/**
 * A statement built once per dialect (db/compiled.ts `prepared`), as the step drivers (steps.ts) and
 * the send thread's kept reads (stable-reads.ts) run it. Declared apart from compiled.ts, which
 * builds statements and itself runs steps, so that neither needs the other's module.
 */
export interface Statement<P extends object, R> {
  /** A read of tables the send path never writes (stable-reads.ts keeps its rows). */
  readonly stable: boolean;
  all(db: Executor, params: P): Promise<R[]>;
  run(db: Executor, params: P): Promise<number>;
  insertId(db: Executor, params: P): Promise<number>;
  allNow(file: SqliteDatabase, params: P): R[];
  runNow(file: SqliteDatabase, params: P): number;
  insertIdNow(file: SqliteDatabase, params: P): number;
  /** The statement's SQLite parameters for `params`, in order (what `allValuesNow` takes). */
  sqliteValues(params: P): unknown[];
  allValuesNow(file: SqliteDatabase, values: unknown[]): R[];
}
