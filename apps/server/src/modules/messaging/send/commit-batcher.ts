import type { AppContext } from '../../../lib/context.js';
import { isAppError } from '../../../lib/errors.js';
import { runsOn } from '../../../db/compiled.js';
import { runSteps, type Steps } from '../../../db/steps.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { KeptCounters } from './send-cache.js';

/** Most units of work one commit carries. */
const MAX_BATCH = 256;

/**
 * What a step job's steps get: the executor that names the dialect, the queue of its events, and on
 * SQLite the counters kept between statements (send-cache.ts).
 */
export type StepUnit = Pick<UnitOfWork, 'db' | 'emit'> & { kept?: KeptCounters };

/** A send's job: read-only checks, then the work, both step functions (db/steps.ts). */
export interface StepJob {
  check?(): Steps<unknown>;
  work(uow: StepUnit, checked: unknown): Steps<unknown>;
}

/** What one unit came to inside a batch's transaction. */
export type Outcome =
  /** Its read-only checks refused it: nothing of it was written. */
  | { refused: unknown }
  /** Its value, and what publishes its queued events once the batch committed. */
  | { value: unknown; publish: () => void | Promise<void> };

/**
 * How a batch's transaction runs: awaited on the PostgreSQL pool (`poolDriver` below), or
 * synchronously on a SQLite connection (now-driver.ts). A driver
 * runs its jobs one after the other in ONE transaction and answers each one's outcome, or rolls
 * back and throws when any of them (or the commit) failed. A refusal by a job's checks is an
 * outcome, not a failure.
 */
export interface CommitDriver {
  transaction(jobs: StepJob[]): Outcome[] | Promise<Outcome[]>;
  /** False while the connection is busy with another use case's transaction: the batch waits a turn. */
  ready?(): boolean;
}

interface Queued {
  /** The users (and, negative, conversations) whose rows the job locks. */
  keys: number[];
  job: StepJob;
  resolve: (value: never) => void;
  reject: (err: unknown) => void;
}

type Maybe = void | Promise<void>;
/** Hears a batch committed: its number of jobs and its transaction's seconds. */
export type CommitObserver = (size: number, seconds: number) => void;
/** `next` after `prev`: at once when `prev` was synchronous, else when it settles. */
const then = (prev: Maybe, next: () => Maybe): Maybe => (prev instanceof Promise ? prev.then(next) : next());

/**
 * Group commit (docs/decisions/003-group-commit.md), the one mechanism for every send. Jobs handed to
 * `run` in the same event-loop turn (or while a batch is under way) are committed together by the
 * driver, in the order they came; only then is each one's events published and its promise settled,
 * in the batch's order: the promise of one unit of work, at one commit per batch.
 *
 * Failure isolation: a job's refused checks fail that job alone. Any other failure rolls the whole
 * batch back and each job runs again in a transaction of its own, one after the other in order (a
 * retried job allocates its sequence again: no gap). `concurrency` batches may be in flight at once
 * (PostgreSQL; 1 on SQLite, whose connection runs one transaction at a time anyway); batches in
 * flight never share a key, so they never wait on each other's row locks, and one key's jobs keep
 * their order. A synchronous driver commits and settles a batch within the turn, with no promise of
 * its own between its jobs.
 */
export class CommitBatcher {
  private queue: Array<Queued> = [];
  private inFlight = 0;
  private scheduled = false;
  /** Keys of the batches in flight (only kept when several can be). */
  private readonly busy = new Set<number>();

  constructor(
    private readonly driver: CommitDriver,
    private readonly concurrency = 1,
    /** Told each committed batch's size and seconds (lib/metrics); none: nothing is timed. */
    private readonly observe: CommitObserver | null = null,
  ) {}

  /** `T`: the value the job's work answers. */
  run<T>(keys: number[], job: StepJob): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ keys, job, resolve: resolve as (value: never) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    // Jobs queued in this turn join the batch.
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.inFlight >= this.concurrency || this.queue.length === 0) return;
    if (this.driver.ready?.() === false) return this.schedule();
    const batch = this.take();
    if (batch.length === 0) return; // everything queued waits for a batch in flight
    const keys = this.concurrency > 1 ? new Set(batch.flatMap((q) => q.keys)) : null;
    if (keys) for (const k of keys) this.busy.add(k);
    this.inFlight += 1;
    const done = (): void => {
      if (keys) for (const k of keys) this.busy.delete(k);
      this.inFlight -= 1;
      this.schedule();
    };
    let committed: Maybe;
    try {
      committed = this.commit(batch);
    } catch (err) {
      done();
      throw err;
    }
    if (committed instanceof Promise) {
      void committed.then(done, done);
      this.schedule();
    } else done();
  };

  /** The next batch: queued jobs in order whose keys no batch in flight holds (nor a job left behind). */
  private take(): Array<Queued> {
    if (this.concurrency === 1) return this.queue.splice(0, MAX_BATCH);
    const batch: Array<Queued> = [];
    const rest: Array<Queued> = [];
    const blocked = new Set(this.busy);
    for (const q of this.queue) {
      if (batch.length < MAX_BATCH && !q.keys.some((k) => blocked.has(k))) batch.push(q);
      else {
        rest.push(q);
        for (const k of q.keys) blocked.add(k);
      }
    }
    this.queue = rest;
    return batch;
  }

  private commit(batch: Array<Queued>): Maybe {
    let outcomes: Outcome[] | Promise<Outcome[]>;
    const started = this.observe ? performance.now() : 0;
    try {
      outcomes = this.driver.transaction(batch.map((q) => q.job));
    } catch (err) {
      return this.eachAlone(batch, err);
    }
    if (outcomes instanceof Promise) {
      return outcomes.then(
        (o) => (this.committed(batch.length, started), this.settle(batch, o)),
        (err: unknown) => this.eachAlone(batch, err),
      );
    }
    this.committed(batch.length, started);
    return this.settle(batch, outcomes);
  }

  private committed(size: number, started: number): void {
    this.observe?.(size, (performance.now() - started) / 1000);
  }

  /** After a failed batch: nothing of it is stored; each job runs alone, in the batch's order. */
  private eachAlone(batch: Array<Queued>, err: unknown): Maybe {
    if (batch.length === 1) return batch[0]!.reject(err);
    let chain: Maybe = undefined;
    for (const q of batch) chain = then(chain, () => this.alone(q));
    return chain;
  }

  private alone(q: Queued): Maybe {
    let outcomes: Outcome[] | Promise<Outcome[]>;
    try {
      outcomes = this.driver.transaction([q.job]);
    } catch (err) {
      return q.reject(err);
    }
    if (outcomes instanceof Promise) return outcomes.then((o) => this.settle([q], o), q.reject);
    return this.settle([q], outcomes);
  }

  private settle(batch: Array<Queued>, outcomes: Outcome[]): Maybe {
    let chain: Maybe = undefined;
    for (let i = 0; i < batch.length; i++) {
      const q = batch[i]!;
      const outcome = outcomes[i]!;
      if ('refused' in outcome) chain = then(chain, () => q.reject(outcome.refused));
      else chain = then(chain, () => then(outcome.publish(), () => q.resolve(outcome.value as never)));
    }
    return chain;
  }
}

/** A job's queued events, published once its batch committed. */
export type Events = Array<Parameters<StepUnit['emit']>>;

/**
 * The PostgreSQL driver of step jobs (docs/decisions/044-one-send-path.md): one Kysely transaction
 * on the pool per batch, each job's steps awaited on it, each job with its own queue of events,
 * published in order once the batch committed (a failing one is logged: the change stays).
 */
export function poolDriver(ctx: Pick<AppContext, 'db' | 'realtime' | 'log'>): CommitDriver {
  return {
    transaction: (jobs) =>
      ctx.db.transaction().execute(async (trx) => {
        runsOn(trx, ctx.db);
        const out: Outcome[] = [];
        for (const job of jobs) {
          let checked: unknown;
          if (job.check) {
            try {
              checked = await runSteps(trx, job.check());
            } catch (err) {
              // A refusal by a read-only check: nothing of this job was written.
              if (!isAppError(err)) throw err;
              out.push({ refused: err });
              continue;
            }
          }
          const events: Events = [];
          const uow: StepUnit = { db: trx, emit: (...event) => events.push(event) };
          const value = await runSteps(trx, job.work(uow, checked));
          const publish = events.map((e) => () => ctx.realtime.emit(...e));
          out.push({ value, publish: () => runInOrder(publish, ctx.log) });
        }
        return out;
      }),
  };
}

/** Runs `jobs` one after the other; a failing one is logged and the rest still run. */
export async function runInOrder(
  jobs: Array<() => Promise<unknown> | void>,
  log: Pick<AppContext['log'], 'error'>,
): Promise<void> {
  for (const fn of jobs) {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, 'after-commit job failed');
    }
  }
}
