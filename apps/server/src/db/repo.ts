import { runsOn } from './compiled.js';
import type { Executor } from './executor.js';

export type { Executor };

/**
 * Base of every repository (docs/architecture.md "Layers on the server"). A repo built on the database runs each
 * statement on its own; `repo.in(uow)` gives the same repo bound to a use case's transaction, so
 * several repos' statements commit or roll back together.
 */
export abstract class Repo {
  constructor(protected readonly db: Executor) {}

  /** Runs `fn` atomically: in the current transaction, or in a new one when the repo has none. */
  protected atomic<T>(fn: (db: Executor) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this.db);
    return this.db.transaction().execute((trx) => {
      runsOn(trx, this.db);
      return fn(trx);
    });
  }

  /** This repository bound to the transaction of `uow` (or to any executor). */
  in(uow: { db: Executor }): this {
    const Ctor = this.constructor as new (db: Executor) => this;
    return new Ctor(uow.db);
  }
}
