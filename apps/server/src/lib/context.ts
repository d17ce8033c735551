import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { UnitsOfWork } from '../db/unit-of-work.js';
import type { Bus, Realtime } from '../realtime/types.js';
import type { Clock } from './clock.js';
import type { LimiterFactory } from './rate-limiter.js';
import type { Metrics } from './metrics/metrics.js';

/** What every module is built from. Modules receive it at registration and build their services. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Opens a use case's transaction; its events are published after the commit. */
  uow: UnitsOfWork;
  bus: Bus;
  realtime: Realtime;
  clock: Clock;
  /** Rate limiters: shared by all nodes through Redis when REDIS_URL is set, else per node. */
  limiters: LimiterFactory;
  log: FastifyBaseLogger;
  /** The node's metric hook points (lib/metrics); they do nothing when metrics are off. */
  metrics: Metrics;
}
