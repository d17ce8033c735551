import type { ServerEventMap, ServerEventType } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Audience, EmitOptions, Realtime } from '../realtime/types.js';
import type { Db } from './index.js';
import { runsOn } from './compiled.js';
import type { Executor } from './repo.js';

/**
 * One use case, one transaction (docs/architecture.md "A request's way"). A service opens a unit of
 * work, binds its repos to it (`repo.in(uow)`), and queues what must happen once the change is
 * durable: socket events (`emit`) and follow-up work such as pushing recomputed counters
 * (`afterCommit`). If the use case throws, the transaction rolls back and nothing queued happens.
 */
export interface UnitOfWork {
  readonly db: Executor;
  emit<T extends ServerEventType>(to: Audience, type: T, data: ServerEventMap[T], opts?: EmitOptions): void;
  afterCommit(job: () => Promise<void> | void): void;
}

export class UnitsOfWork {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Runs `work` in a transaction; after the commit, publishes its events and runs its jobs in the order
   * they were queued. A failing job is logged: the change is committed and stays.
   */
  async run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    const jobs: Array<() => Promise<void> | void> = [];
    const result = await this.db.transaction().execute((trx) => {
      runsOn(trx, this.db);
      return work({
        db: trx,
        emit: (to, type, data, opts) => jobs.push(() => this.realtime.emit(to, type, data, opts)),
        afterCommit: (job) => jobs.push(job),
      });
    });
    for (const job of jobs) {
      try {
        await job();
      } catch (err) {
        this.log.error({ err }, 'after-commit job failed');
      }
    }
    return result;
  }
}
