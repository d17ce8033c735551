import { EMPTY_COUNTERS, type Counters } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';

/** Least time between two coalesced pushes to one user (`pushSoon`). */
export const PUSH_INTERVAL_MS = 250;

export type CounterProvider = (userId: number) => Promise<Partial<Counters>>;

/**
 * The sidebar badge numbers. Each domain registers a provider for its counters (friends: applications,
 * groups: notifications, ...) and calls `push` after a change so open tabs update live.
 */
export class CountersService {
  private readonly providers: Array<{ provider: CounterProvider; key: string | undefined }> = [];

  constructor(private readonly ctx: AppContext) {}

  /** `key` names the provider for partial pushes (`pushSoon(userId, key)`). */
  register(provider: CounterProvider, key?: string): void {
    this.providers.push({ provider, key });
  }

  async get(userId: number): Promise<Counters> {
    return Object.assign({ ...EMPTY_COUNTERS }, await this.compute(userId, undefined)) as Counters;
  }

  /** The counters of the providers in `keys` (undefined: all). */
  private async compute(userId: number, keys: Set<string> | undefined): Promise<Partial<Counters>> {
    const chosen = this.providers.filter((p) => !keys || (p.key !== undefined && keys.has(p.key)));
    const parts = await Promise.all(chosen.map((p) => p.provider(userId)));
    return Object.assign({}, ...parts) as Partial<Counters>;
  }

  /** Recomputes and pushes `counters.updated` to the user's open tabs. */
  async push(userId: number): Promise<void> {
    await this.ctx.realtime.emit([userId], 'counters.updated', await this.get(userId));
  }

  /**
   * Users with a coalesced push pending or under way, with the providers the next round must
   * recompute (undefined: all of them; empty: nothing asked since the round started).
   */
  private readonly pending = new Map<number, { keys: Set<string> | undefined; known: Partial<Counters> }>();

  /**
   * `push`, coalesced for bursts (a message per receiver, say): requests in the same event-loop turn
   * share one push; after a push, further requests for the next PUSH_INTERVAL_MS fold into one more
   * push at its end. A single change is pushed at once; a user receiving a stream of messages gets at
   * most a few pushes a second, each with the count of that moment. At most one recompute per user is
   * in flight, so an older count never overtakes a newer one, and the last push always starts after
   * the last change committed. With `key`, only that provider's counters are recomputed and pushed
   * (clients merge partial pushes): a new message recounts `unread`, not the friend applications.
   * With `known` too, the caller counted it as its change committed (a send in its batch, on SQLite,
   * where commits are serialized): no recount, unless one is asked for as well.
   */
  pushSoon(userId: number, key?: string, known?: Partial<Counters>): void {
    if (this.stopped) return;
    let entry = this.pending.get(userId);
    const fresh = entry === undefined;
    if (!entry) {
      entry = { keys: new Set(), known: {} };
      this.pending.set(userId, entry);
    }
    // A value the caller computed as its change committed stands in for a recount, unless a recount
    // of that counter is asked for too (the recount, done later, is the fresher).
    if (known !== undefined && key !== undefined) Object.assign(entry.known, known);
    else entry.keys = entry.keys && key !== undefined ? entry.keys.add(key) : undefined;
    if (!fresh) return;
    // Nothing to count: push now, in the turn of the change itself (its other frames to the same
    // sockets leave in the same write). Otherwise the requests of this turn share one recount.
    if (entry.keys !== undefined && entry.keys.size === 0) void this.drain(userId);
    else setImmediate(() => void this.drain(userId));
  }

  private stopped = false;

  /** Server shutdown: pending rounds are dropped (the database is about to close). */
  stop(): void {
    this.stopped = true;
    this.pending.clear();
  }

  private async drain(userId: number): Promise<void> {
    const entry = this.pending.get(userId);
    if (!entry || this.stopped) return;
    const { keys, known } = entry;
    // Requests from here on are collected for the next round.
    entry.keys = new Set();
    entry.known = {};
    try {
      const counted = keys === undefined || keys.size > 0 ? await this.compute(userId, keys) : {};
      await this.ctx.realtime.emit([userId], 'counters.updated', { ...known, ...counted });
    } catch (err) {
      this.ctx.log.error({ err }, 'counters push failed');
    }
    setTimeout(() => {
      if (this.stopped) return;
      const idle = entry.keys !== undefined && entry.keys.size === 0 && Object.keys(entry.known).length === 0;
      if (idle) this.pending.delete(userId);
      else void this.drain(userId);
    }, PUSH_INTERVAL_MS).unref();
  }
}
