import { EMPTY_COUNTERS, type Counters } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';

export type CounterProvider = (userId: number) => Promise<Partial<Counters>>;

/**
 * The sidebar badge numbers. Each domain registers a provider for its counters (friends: applications,
 * groups: notifications, ...) and calls `push` after a change so open tabs update live.
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

  /** Users with a coalesced push under way: true when another change arrived meanwhile. */
  private readonly pushing = new Map<number, boolean>();

  /**
   * `push`, coalesced for bursts (a message per receiver, say): requests in the same event-loop turn
   * share one push, and while a user's push runs, further requests fold into one more push after it.
   * At most one recompute per user is in flight, so an older count never overtakes a newer one, and
   * the last push always starts after the last change committed.
   */
  pushSoon(userId: number): void {
    if (this.pushing.has(userId)) {
      this.pushing.set(userId, true);
      return;
    }
    this.pushing.set(userId, false);
    setImmediate(() => void this.drain(userId));
  }

  private async drain(userId: number): Promise<void> {
    for (;;) {
      try {
        await this.push(userId);
      } catch (err) {
        this.ctx.log.error({ err }, 'counters push failed');
      }
      if (!this.pushing.get(userId)) break;
      this.pushing.set(userId, false);
    }
    this.pushing.delete(userId);
  }
}
