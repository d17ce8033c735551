import { EMPTY_COUNTERS, type Counters } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';

/** Least time between two coalesced pushes to one user (`pushSoon`). */
export const PUSH_INTERVAL_MS = 250;

export type CounterProvider = (userId: number) => Promise<Partial<Counters>>;

/**
 * The sidebar badge numbers. Each domain registers a provider for its counters (friends: applications,
 * groups: notifications, messages: unread) and calls `push` after a change so open tabs update live.
 * A new message pushes nothing: the receiver's clients count it themselves (docs/api.md "Counters").
 */
export class CountersService {
  private readonly providers: CounterProvider[] = [];

  constructor(private readonly ctx: AppContext) {}

  register(provider: CounterProvider): void {
    this.providers.push(provider);
  }

  async get(userId: number): Promise<Counters> {
    const parts = await Promise.all(this.providers.map((p) => p(userId)));
    return Object.assign({ ...EMPTY_COUNTERS }, ...parts) as Counters;
  }

  /** Recomputes and pushes `counters.updated` to the user's open tabs. */
  async push(userId: number): Promise<void> {
    await this.ctx.realtime.emit([userId], 'counters.updated', await this.get(userId));
  }

  /** Users with a coalesced push pending or under way, and whether a change came since it started. */
  private readonly pending = new Map<number, { again: boolean }>();

  /**
   * `push`, coalesced for bursts (several group notices at once, say): requests in the same
   * event-loop turn share one push; after a push, further requests for the next PUSH_INTERVAL_MS fold
   * into one more push at its end. At most one recount per user is in flight, so an older count never
   * overtakes a newer one, and the last push always starts after the last change committed.
   */
  pushSoon(userId: number): void {
    if (this.stopped) return;
    const entry = this.pending.get(userId);
    if (entry) {
      entry.again = true;
      return;
    }
    this.pending.set(userId, { again: false });
    setImmediate(() => void this.drain(userId));
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
    // Requests from here on are collected for the next round.
    entry.again = false;
    try {
      await this.push(userId);
    } catch (err) {
      this.ctx.log.error({ err }, 'counters push failed');
    }
    setTimeout(() => {
      if (this.stopped) return;
      if (entry.again) void this.drain(userId);
      else this.pending.delete(userId);
    }, PUSH_INTERVAL_MS).unref();
  }
}
