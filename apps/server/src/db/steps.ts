import type { SqliteDatabase } from 'kysely';
import type { Executor } from './executor.js';
import type { StableReads } from './stable-reads.js';
import type { Statement } from './statement.js';

/**
 * Step functions (docs/architecture.md "Step functions"): a use case's statements written once as a
 * generator that yields each prepared statement it needs and receives its result. Two drivers run
 * the same generator: `runSteps` on any executor, awaiting each statement (PostgreSQL, and SQLite
 * where other use cases share the connection); `runStepsNow` synchronously on a SQLite connection
 * that nothing else uses meanwhile (the send thread's), where a dozen awaited statements per message
 * cost more than the statements themselves.
 *
 *   function* seqSteps(id: number) {
 *     const row = yield* first(nextSeq, { id });
 *     return row!.last_seq;
 *   }
 *   await runSteps(db, seqSteps(7));        // or runStepsNow(file, seqSteps(7))
 */
export interface Step {
  q: Statement<object, unknown>;
  params: object;
  /** 'all': the rows (none for a write); 'run': the number of rows changed; 'id': an insert's new id. */
  mode: 'all' | 'run' | 'id';
}

export type Steps<T> = Generator<Step, T, unknown>;

/** The rows of `q` (a write without RETURNING gives none). */
export function* all<P extends object, R>(q: Statement<P, R>, params: P): Steps<R[]> {
  return (yield { q: q as Statement<object, unknown>, params, mode: 'all' }) as R[];
}

/** The first row of `q`, if any. */
export function* first<P extends object, R>(q: Statement<P, R>, params: P): Steps<R | undefined> {
  const rows = (yield { q: q as Statement<object, unknown>, params, mode: 'all' }) as R[];
  return rows[0];
}

/** Runs a write; the number of rows it changed. */
export function* run<P extends object, R>(q: Statement<P, R>, params: P): Steps<number> {
  return (yield { q: q as Statement<object, unknown>, params, mode: 'run' }) as number;
}

/** Runs an insert of one row (a `preparedInsert`); the new row's id. */
export function* insertedId<P extends object>(q: Statement<P, { id: number }>, params: P): Steps<number> {
  return (yield { q: q as Statement<object, unknown>, params, mode: 'id' }) as number;
}

/** Runs `steps` on `db` (the database or a unit of work's transaction), one awaited statement at a time. */
export async function runSteps<T>(db: Executor, steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const { q, params, mode } = next.value;
    next = steps.next(
      mode === 'all'
        ? await q.all(db, params)
        : mode === 'run'
          ? await q.run(db, params)
          : await q.insertId(db, params),
    );
  }
  return next.value;
}

/**
 * Runs `steps` synchronously on a SQLite connection (db/compiled.ts `sqliteOf`). The caller owns the
 * connection until it returns: nothing else may have a transaction open on it. With `stable`, the
 * rows of `stable` queries come from that memory (db/stable-reads.ts).
 */
export function runStepsNow<T>(file: SqliteDatabase, steps: Steps<T>, stable?: StableReads): T {
  let next = steps.next();
  while (!next.done) {
    const { q, params, mode } = next.value;
    if (mode === 'run') next = steps.next(q.runNow(file, params));
    else if (mode === 'id') next = steps.next(q.insertIdNow(file, params));
    else next = steps.next(stable && q.stable ? stable.all(q, params) : q.allNow(file, params));
  }
  return next.value;
}
