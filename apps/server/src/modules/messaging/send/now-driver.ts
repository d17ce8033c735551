import type { FastifyBaseLogger } from 'fastify';
import type { SqliteDatabase } from 'kysely';
import type { Executor } from '../../../db/repo.js';
import { OtherCommits } from '../../../db/other-commits.js';
import { StableReads } from '../../../db/stable-reads.js';
import { runStepsNow, type Steps } from '../../../db/steps.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { isAppError } from '../../../lib/errors.js';
import type { Realtime } from '../../../realtime/types.js';
import { CommitBatcher, type CommitDriver, type Outcome } from './commit-batcher.js';
import { KeptCounters } from './kept-counters.js';

/**
 * What a job's steps get: the executor that names the dialect, the queue of its events, and on the
 * send thread the counters it keeps between batches (kept-counters.ts).
 */
export type StepUnit = Pick<UnitOfWork, 'db' | 'emit'> & { kept?: KeptCounters };

/** A job of the synchronous driver: read-only checks, then the work, both step functions (db/steps.ts). */
export interface StepJob {
  check?(): Steps<unknown>;
  work(uow: StepUnit, checked: unknown): Steps<unknown>;
}

type SqliteFile = SqliteDatabase & { readonly inTransaction?: boolean };
type Events = Array<Parameters<StepUnit['emit']>>;

/**
 * The synchronous driver of `CommitBatcher`, on a SQLite connection this thread owns (the send
 * thread's, docs/decisions/002-sqlite-send-thread.md): a batch's jobs run one after the other in ONE
 * transaction as step functions (`runStepsNow`), with no await between their statements. It keeps
 * reads between batches (the parties and friends rules in `StableReads`, the counters it wrote in
 * `KeptCounters`) and forgets them when another connection committed in between or a batch rolled
 * back (docs/decisions/009-kept-reads-on-the-send-thread.md). Events are handed to `realtime` after
 * the commit without waiting for them.
 */
class NowDriver implements CommitDriver<StepJob> {
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

  /** Another use case's transaction is open on the connection (the search indexer's): its commit comes first. */
  ready(): boolean {
    return this.file.inTransaction !== true;
  }

  transaction(jobs: StepJob[]): Outcome[] {
    this.file.prepare('begin immediate').run([]);
    try {
      // Nobody else can commit until ours. What is kept from earlier batches is current unless
      // another connection committed in between: then the counters go, and the parties and
      // friends rules go if that commit moved their epoch.
      if (this.others.sinceLastAsked()) {
        this.kept.forget();
        this.stable.refresh();
      }
      const out = jobs.map((job) => this.unit(job));
      this.file.prepare('commit').run([]);
      return out;
    } catch (err) {
      // What the batch's jobs set was never stored.
      this.kept.forget();
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
        checked = runStepsNow(this.file, job.check(), this.stable);
      } catch (err) {
        // A refusal by the read-only checks: nothing of this job was written.
        if (!isAppError(err)) throw err;
        return { refused: err };
      }
    }
    const events: Events = [];
    const uow: StepUnit = { db: this.db, emit: (...event) => events.push(event), kept: this.kept };
    const value = runStepsNow(this.file, job.work(uow, checked), this.stable);
    return { value, publish: () => this.publish(events) };
  }

  private publish(events: Events): void {
    for (const [to, type, data, opts] of events) {
      this.realtime.emit(to, type, data, opts).catch(this.emitFailed);
    }
  }

  private readonly emitFailed = (err: unknown): void => this.log.error({ err }, 'after-commit job failed');
}

/** Group commit on a SQLite connection this thread owns: `CommitBatcher` with the synchronous driver. */
export function nowBatcher(
  db: Executor,
  file: SqliteFile,
  realtime: Pick<Realtime, 'emit'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): CommitBatcher<StepJob> {
  return new CommitBatcher(new NowDriver(db, file, realtime, log));
}
