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
}
