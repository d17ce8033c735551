import { runsOn } from '../../../db/compiled.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import { isAppError } from '../../../lib/errors.js';

type Work<T> = (uow: UnitOfWork) => Promise<T>;

interface Job<T = unknown> {
  /** The users whose rows the work locks (a one-to-one send: sender and peer). */
  keys: number[];
  /** Read-only checks run first in the batch's transaction: a refusal they throw fails only this unit. */
  check?: Work<unknown>;
  work: Work<T>;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

/** Most units of work one commit carries. */
export const MAX_BATCH = 256;

/**
 * Group commit for sends (docs/performance.md "Messaging"). Units of work handed to `run` while a
 * commit is under way (or in the same event-loop turn) are run one after the other in ONE transaction,
 * each with its own queue of events and after-commit jobs. Each caller's promise settles only after
 * that transaction committed, and its events are published then, in the order of the batch: the same
 * promise `ctx.uow.run` makes, at one commit (one WAL write, one round trip) per batch.
 *
 * Failure isolation: if any unit of the batch throws, the whole transaction rolls back and every unit
 * is run again in a transaction of its own, so only the failing one fails (and a retry of a rolled
 * back unit allocates its sequence again: no gap). `concurrency` batches may be in flight at once
 * (1 for SQLite, whose single connection runs one transaction at a time anyway); batches in flight
 * never share a key (a user), so they never wait on each other's row locks, and one user's units
 * keep their order.
 */
export class CommitBatcher {
  private queue: Job[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Keys of the batches in flight. */
  private readonly busy = new Set<number>();

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'uow' | 'realtime' | 'log'>,
    private readonly concurrency: number,
  ) {}

  run<T>(keys: number[], work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ keys, work, resolve, reject } as Job);
      this.schedule();
    });
  }

  /**
   * `run` with read-only checks first, inside the batch's transaction (on SQLite they run directly on
   * the database, like the writes). `check` must not write: an application error it throws (a
   * refusal) rejects this unit alone and the batch goes on; its value is handed to `work`.
   */
  runChecked<C, T>(
    keys: number[],
    check: Work<C>,
    work: (uow: UnitOfWork, checked: C) => Promise<T>,
  ): Promise<T> {
    let checked: C;
    return new Promise<T>((resolve, reject) => {
      const job: Job<T> = {
        keys,
        check: async (uow) => (checked = await check(uow)),
        work: (uow) => work(uow, checked),
        resolve,
        reject,
      };
      this.queue.push(job as Job);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.concurrency || this.queue.length === 0) return;
    this.scheduled = true;
    // Sends decoded in this turn join the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= this.concurrency || this.queue.length === 0) return;
      const batch = this.take();
      if (batch.length === 0) return; // everything queued waits for a batch in flight
      const keys = new Set(batch.flatMap((job) => job.keys));
      for (const k of keys) this.busy.add(k);
      this.inFlight += 1;
      void this.commit(batch).finally(() => {
        for (const k of keys) this.busy.delete(k);
        this.inFlight -= 1;
        this.schedule();
      });
      this.schedule();
    });
  }

  /** The next batch: queued units in order whose keys no batch in flight holds (nor a unit left behind). */
  private take(): Job[] {
    const batch: Job[] = [];
    const rest: Job[] = [];
    const blocked = new Set(this.busy);
    for (const job of this.queue) {
      if (batch.length < MAX_BATCH && !job.keys.some((k) => blocked.has(k))) batch.push(job);
      else {
        rest.push(job);
        for (const k of job.keys) blocked.add(k);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async commit(batch: Job[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    let outcomes: Array<{ value: unknown; jobs: Array<() => Promise<void> | void>; refused?: unknown }>;
    try {
      outcomes = await this.ctx.db.transaction().execute(async (trx) => {
        runsOn(trx, this.ctx.db);
        const out: typeof outcomes = [];
        for (const job of batch) {
          const jobs: Array<() => Promise<void> | void> = [];
          const uow: UnitOfWork = {
            db: trx,
            emit: (to, type, data, opts) => jobs.push(() => this.ctx.realtime.emit(to, type, data, opts)),
            afterCommit: (fn) => jobs.push(fn),
          };
          if (job.check) {
            try {
              await job.check(uow);
            } catch (err) {
              // A refusal by a read-only check: nothing of this unit was written.
              if (!isAppError(err)) throw err;
              out.push({ value: undefined, jobs: [], refused: err });
              continue;
            }
          }
          const value = await job.work(uow);
          out.push({ value, jobs });
        }
        return out;
      });
    } catch {
      // One unit failed (or the transaction did): nothing of the batch is stored; each runs alone,
      // one after the other in the batch's order (on PostgreSQL, concurrent retries could commit out
      // of order, and the first of two clashing units could lose to the second).
      for (const job of batch) await this.alone(job);
      return;
    }
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i]!;
      if (outcome.refused !== undefined) {
        batch[i]!.reject(outcome.refused);
        continue;
      }
      for (const fn of outcome.jobs) {
        try {
          await fn();
        } catch (err) {
          this.ctx.log.error({ err }, 'after-commit job failed');
        }
      }
      batch[i]!.resolve(outcome.value);
    }
  }

  private alone(job: Job): Promise<void> {
    return this.ctx.uow
      .run(async (uow) => {
        if (job.check) await job.check(uow);
        return job.work(uow);
      })
      .then(job.resolve, job.reject);
  }
}
