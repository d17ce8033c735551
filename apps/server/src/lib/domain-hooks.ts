import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../db/unit-of-work.js';

export type HookHandler<P> = (payload: P, uow: UnitOfWork) => Promise<void> | void;

/**
 * A module's in-process domain hooks (docs/architecture.md "Layers on the server"): handlers run inside the use
 * case's transaction (`uow`), in order, so a module that reacts commits or rolls back with the
 * change; a failing handler fails (rolls back) the use case. `M` maps hook names to payloads.
 */
export class DomainHooks<M extends object> {
  private readonly handlers: { [K in keyof M]?: Array<HookHandler<M[K]>> } = {};

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly module: string,
  ) {}

  /** Adds a handler; returns its removal. */
  on<K extends keyof M>(name: K, handler: HookHandler<M[K]>): () => void {
    const list = (this.handlers[name] ??= []) as Array<HookHandler<M[K]>>;
    list.push(handler);
    return () => {
      const i = list.indexOf(handler);
      if (i >= 0) list.splice(i, 1);
    };
  }

  async emit<K extends keyof M>(name: K, payload: M[K], uow: UnitOfWork): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Array<HookHandler<M[K]>>) {
      try {
        await handler(payload, uow);
      } catch (err) {
        this.log.error({ err, hook: String(name) }, `${this.module} hook failed`);
        throw err;
      }
    }
  }
}
