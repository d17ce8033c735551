/**
 * Fixed-window counters (login/register throttles, lockouts, application throttles).
 * `MemoryLimiter` counts on this node; `RedisLimiter` counts across every node sharing REDIS_URL, so a
 * lockout holds whichever node the next attempt reaches.
 */
export interface Limiter {
  /** Counts `n` hits (default 1); false when the key is over its limit in the current window. */
  hit(key: string, n?: number): Promise<boolean>;
  /** True when the key is already at or over the limit (without counting). */
  blocked(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
}

/** Makes the limiter of one rule: `name` keeps rules apart, `limit` hits per `windowMs`. */
export type LimiterFactory = (name: string, limit: number, windowMs: number) => Limiter;

export class MemoryLimiter implements Limiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, n = 1): Promise<boolean> {
    return this.hitSync(key, n);
  }

  hitSync(key: string, n = 1): boolean {
    const entry = this.current(key);
    entry.count += n;
    return entry.count <= this.limit;
  }

  async blocked(key: string): Promise<boolean> {
    return this.current(key).count >= this.limit;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private current(key: string) {
    const t = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      entry = { count: 0, resetAt: t + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(t);
    }
    return entry;
  }

  private sweep(t: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}

/**
 * One counter per rule name on this node, like one Redis key per name: two services that ask for the
 * same rule (one-to-one and group sends, `message.send`) draw on one budget.
 */
export function memoryLimiters(now: () => number): LimiterFactory {
  const made = new Map<string, MemoryLimiter>();
  return (name, limit, windowMs) => {
    const key = `${name}:${limit}:${windowMs}`;
    let limiter = made.get(key);
    if (!limiter) {
      limiter = new MemoryLimiter(limit, windowMs, now);
      made.set(key, limiter);
    }
    return limiter;
  };
}
