import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { memoryLimiters, type Limiter, type LimiterFactory } from './rate-limiter.js';

/**
 * A fixed window in Redis: the first hit creates the key with the window as its TTL (SET NX PX), each
 * hit increments it. If Redis fails, this node falls back to counting in memory (logged) rather than
 * turning every login into a 500.
 */
export class RedisLimiter implements Limiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly log: FastifyBaseLogger,
    /** This node's count of the same rule while Redis fails. */
    private readonly fallback: Limiter,
  ) {}

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async hit(key: string, n = 1): Promise<boolean> {
    try {
      const k = this.key(key);
      const res = await this.redis.multi().set(k, 0, 'PX', this.windowMs, 'NX').incrby(k, n).exec();
      const count = Number(res?.[1]?.[1]);
      if (!Number.isFinite(count)) throw new Error('unexpected INCR reply');
      return count <= this.limit;
    } catch (err) {
      this.log.warn({ err }, 'rate limiter: Redis failed, counting on this node');
      return this.fallback.hit(key, n);
    }
  }

  async blocked(key: string): Promise<boolean> {
    try {
      return Number((await this.redis.get(this.key(key))) ?? 0) >= this.limit;
    } catch (err) {
      this.log.warn({ err }, 'rate limiter: Redis failed, counting on this node');
      return this.fallback.blocked(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.key(key));
    } catch (err) {
      this.log.warn({ err }, 'rate limiter: Redis failed to reset a key');
    }
  }
}

export function redisLimiters(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): LimiterFactory {
  const fallbacks = memoryLimiters(now);
  return (name, limit, windowMs) =>
    new RedisLimiter(redis, `${prefix}:rl:${name}`, limit, windowMs, log, fallbacks(name, limit, windowMs));
}
