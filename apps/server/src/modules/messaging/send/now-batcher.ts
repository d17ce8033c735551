import type { FastifyBaseLogger } from 'fastify';
import type { SqliteDatabase } from 'kysely';
import type { Executor } from '../../../db/repo.js';
import { OtherCommits } from '../../../db/other-commits.js';
import { StableReads } from '../../../db/stable-reads.js';
import { runStepsNow, type Steps } from '../../../db/steps.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { isAppError } from '../../../lib/errors.js';
import type { Realtime } from '../../../realtime/types.js';
import { MAX_BATCH } from './commit-batcher.js';
import { KeptCounters } from './kept-counters.js';

/**
 * What a unit's steps get: the executor that names the dialect, the queue of its events, and on the
 * send thread the counters it keeps between batches (kept-counters.ts).
 */
export type StepUnit = Pick<UnitOfWork, 'db' | 'emit'> & { kept?: KeptCounters };

type SqliteFile = SqliteDatabase & { readonly inTransaction?: boolean };

interface Job<C = unknown, T = unknown> {
  /** Read-only checks: a refusal they throw fails only this unit. */
  check: () => Steps<C>;
  work: (uow: StepUnit, checked: C) => Steps<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

type Outcome = { refused: unknown } | { value: unknown; events: Array<Parameters<StepUnit['emit']>> };

/**
 * Group commit on a SQLite connection this thread owns (the send thread's, docs/performance.md "The
 * send thread"): `CommitBatcher`'s contract, run synchronously. The units queued in one event-loop
 * turn run one after the other in ONE transaction as step functions (db/steps.ts `runStepsNow`), with
 * no await between their statements; after the commit each unit's events are published and its
 * promise settles, in the batch's order. A refusal by a unit's checks fails that unit alone; any other
 * failure rolls the batch back and runs each unit again in a transaction of its own.
 */
export class NowBatcher {
  private queue: Job[] = [];
  private scheduled = false;
  /** Parties and friends rules kept between batches while `stable_epoch` stays put. */
  private readonly stable: StableReads;
  /** Sequences and sync versions this thread wrote last, kept while nobody else writes. */
  private readonly kept = new KeptCounters();
  /** Whether another connection committed since the last batch. */
  private readonly others: OtherCommits;

  constructor(
    /** The Kysely instance on the same connection: the steps read their dialect from it. */
    private readonly db: Executor,
    private readonly file: SqliteFile,
    private readonly realtime: Pick<Realtime, 'emit'>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.stable = new StableReads(file);
    this.others = new OtherCommits(file);
  }

  run<C, T>(check: () => Steps<C>, work: (uow: StepUnit, checked: C) => Steps<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ check, work, resolve, reject } as Job);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Units queued in this turn join the batch.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    // Another use case's transaction is open on the connection (the search indexer's, between two of
    // its awaited statements): its commit comes first.
    if (this.file.inTransaction === true) return this.schedule();
    const batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length > 0) this.schedule();
    let outcomes: Outcome[];
    try {
      outcomes = this.transaction(() => batch.map((job) => this.unit(job)));
    } catch {
      // One unit failed (or the commit did): nothing of the batch is stored; each runs alone.
      for (const job of batch) this.alone(job);
      return;
    }
    batch.forEach((job, i) => this.settle(job, outcomes[i]!));
  }

  private alone(job: Job): void {
    let outcome: Outcome;
    try {
      outcome = this.transaction(() => this.unit(job));
    } catch (err) {
      job.reject(err);
      return;
    }
    this.settle(job, outcome);
  }

  private unit(job: Job): Outcome {
    let checked: unknown;
    try {
      checked = runStepsNow(this.file, job.check(), this.stable);
    } catch (err) {
      // A refusal by the read-only checks: nothing of this unit was written.
      if (!isAppError(err)) throw err;
      return { refused: err };
    }
    const events: Array<Parameters<StepUnit['emit']>> = [];
    const uow: StepUnit = { db: this.db, emit: (...event) => events.push(event), kept: this.kept };
    return { value: runStepsNow(this.file, job.work(uow, checked), this.stable), events };
  }

  private transaction<T>(fn: () => T): T {
    this.file.prepare('begin immediate').run([]);
    try {
      // Nobody else can commit until ours. What is kept from earlier batches is current unless
      // another connection committed in between: then the counters go, and the parties and
      // friends rules go if that commit moved their epoch.
      if (this.others.sinceLastAsked()) {
        this.kept.forget();
        this.stable.refresh();
      }
      const out = fn();
      this.file.prepare('commit').run([]);
      return out;
    } catch (err) {
      // What the batch's units set was never stored.
      this.kept.forget();
      try {
        this.file.prepare('rollback').run([]);
      } catch {
        // The failure ended the transaction already (SQLite rolls back on some errors).
      }
      throw err;
    }
  }

  private readonly emitFailed = (err: unknown): void => this.log.error({ err }, 'after-commit job failed');

  private settle(job: Job, outcome: Outcome): void {
    if ('refused' in outcome) return job.reject(outcome.refused);
    for (const [to, type, data, opts] of outcome.events) {
      this.realtime.emit(to, type, data, opts).catch(this.emitFailed);
    }
    job.resolve(outcome.value);
  }
}
