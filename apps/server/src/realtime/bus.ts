import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { MemoryBus } from './memory-bus.js';
import { RedisBus } from './redis-bus.js';
import type { Bus } from './types.js';

/**
 * The event bus of this node: Redis pub/sub when REDIS_URL is set (several nodes), otherwise
 * in-process. Throws at startup when Redis is configured but unreachable.
 */
export async function createBus(config: Config, log: FastifyBaseLogger): Promise<Bus> {
  if (config.redisUrl) {
    return RedisBus.connect({
      url: config.redisUrl,
      prefix: config.redisPrefix,
      log,
      clientName: config.nodeId,
    });
  }
  return new MemoryBus(log);
}
