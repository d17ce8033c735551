import type { FastifyBaseLogger } from 'fastify';
import type { SqliteDatabase } from 'kysely';
import type { Executor } from '../../../db/repo.js';
import { runStepsNow } from '../../../db/steps.js';
import { isAppError } from '../../../lib/errors.js';
import type { Realtime } from '../../../realtime/types.js';
import { sqliteFileOf } from '../../../db/compiled.js';
import type { AppContext } from '../../../lib/context.js';
import {
  CommitBatcher,
  poolDriver,
  runInOrder,
  type CommitDriver,
  type CommitObserver,
  type Events,
  type Outcome,
  type StepJob,
  type StepUnit,
} from './commit-batcher.js';
import { SendCache } from './send-cache.js';

type SqliteFile = SqliteDatabase & { readonly inTransaction?: boolean };

/**
 * The SQLite driver of `CommitBatcher` (docs/decisions/044-one-send-path.md): a batch's jobs run one
 * after the other in ONE transaction as step functions (`runStepsNow`), synchronously, with no await
 * between their statements. It runs on the send thread's own connection (`alone`,
 * docs/decisions/002-sqlite-send-thread.md) and, without a send thread, on the main connection,
 * where it waits for a turn when another use case's transaction is open. What it keeps between
 * statements is one `SendCache`, refreshed by its one signal at each batch's start and dropped on a
 * rollback (docs/decisions/009-kept-reads-on-the-send-thread.md). On the send thread, events are
 * handed over without waiting (the main thread publishes them in order); on the main connection each
 * job's events are published in order before its answer.
 */
class NowDriver implements CommitDriver {
  private readonly cache: SendCache;

  constructor(
    /** The Kysely instance on the same connection: the steps read their dialect from it. */
    private readonly db: Executor,
    private readonly file: SqliteFile,
    private readonly realtime: Pick<Realtime, 'emit'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly alone: boolean,
  ) {
    this.cache = new SendCache(file, alone);
  }

  /** Another use case's transaction is open on the connection (the search indexer's): its commit comes first. */
  ready(): boolean {
    return this.file.inTransaction !== true;
  }

  transaction(jobs: StepJob[]): Outcome[] {
    this.file.prepare('begin immediate').run([]);
    try {
      // Nobody else can commit until ours: what the cache keeps is as current as a read after this.
      this.cache.begin();
      const out = jobs.map((job) => this.unit(job));
      this.file.prepare('commit').run([]);
      return out;
    } catch (err) {
      // What the batch's jobs set was never stored.
      this.cache.rolledBack();
      try {
        this.file.prepare('rollback').run([]);
      } catch {
        // The failure ended the transaction already (SQLite rolls back on some errors).
      }
      throw err;
    }
  }

  private unit(job: StepJob): Outcome {
    let checked: unknown;
    if (job.check) {
      try {
        checked = runStepsNow(this.file, job.check(), this.cache.stable);
      } catch (err) {
        // A refusal by the read-only checks: nothing of this job was written.
        if (!isAppError(err)) throw err;
        return { refused: err };
      }
    }
    const events: Events = [];
    const uow: StepUnit = { db: this.db, emit: (...event) => events.push(event), kept: this.cache };
    const value = runStepsNow(this.file, job.work(uow, checked), this.cache.stable);
    return { value, publish: () => this.publish(events) };
  }

  private publish(events: Events): void | Promise<void> {
    if (!this.alone)
      return runInOrder(
        events.map((e) => () => this.realtime.emit(...e)),
        this.log,
      );
    for (const [to, type, data, opts] of events) {
      this.realtime.emit(to, type, data, opts).catch(this.emitFailed);
    }
  }

  private readonly emitFailed = (err: unknown): void => this.log.error({ err }, 'after-commit job failed');
}

/**
 * Group commit on a SQLite connection with the synchronous driver; `alone`: the connection is this
 * thread's alone (the send thread's), else other use cases share it (the main connection).
 */
export function nowBatcher(
  db: Executor,
  file: SqliteFile,
  realtime: Pick<Realtime, 'emit'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  alone = true,
  observe: CommitObserver | null = null,
): CommitBatcher {
  return new CommitBatcher(new NowDriver(db, file, realtime, log, alone), 1, observe);
}

/**
 * The send driver of a connection (docs/decisions/044-one-send-path.md), one per thread that sends:
 * on SQLite the synchronous one above (`alone`: the send thread's own connection), on PostgreSQL the
 * pool's, which overlaps a few batches' round trips (SQLite runs one transaction at a time anyway).
 * One-to-one and group sends of a thread share it.
 */
export function sendBatcher(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'log'>,
  alone = false,
  /** The commits' metrics (lib/metrics; the send thread posts them to the main thread's). */
  observe: CommitObserver | null = null,
): CommitBatcher {
  const file = sqliteFileOf(ctx.db);
  return file
    ? nowBatcher(ctx.db, file, ctx.realtime, ctx.log, alone, observe)
    : new CommitBatcher(poolDriver(ctx), 8, observe);
}
