import type { FastifyInstance } from 'fastify';
import { metricsEnabled } from '../../config-metrics.js';
import type { Config } from '../../config.js';
import { NodeMetrics } from './node-metrics.js';
import { registerMetricsRoute, startMetricsListener } from './metrics.routes.js';
import type { MetricSources } from './families.js';
import { NO_METRICS, type Metrics } from './metrics.js';

export type { Metrics } from './metrics.js';
export type { MetricSources } from './families.js';
export { NO_METRICS } from './metrics.js';
export { OpsGaugesRepo } from './ops-gauges.repo.js';

/**
 * A node's metrics as buildServer wires them (docs/operations.md "Health, readiness and metrics"): created before the
 * database (its statements are timed), with the HTTP hook on every route, then `start` once the
 * node's parts exist: the gauges' sources, the public route and the metrics listener.
 */
export interface NodeMetricsSetup {
  /** The hook points (the app context's `metrics`): `NO_METRICS` when metrics are off. */
  hooks: Metrics;
  /** Statement durations (Kysely's log), or undefined when off. */
  statement: ((ms: number) => void) | undefined;
  start(sources: MetricSources): Promise<void>;
  /** The metrics listener's URL (`http://127.0.0.1:9464/metrics`), once started; null: none. */
  readonly url: string | null;
  close(): Promise<void>;
}

export function setUpMetrics(app: FastifyInstance, config: Config): NodeMetricsSetup {
  const { metrics: mc } = config;
  const database = config.databaseUrl ? 'postgres' : 'sqlite';
  const node = metricsEnabled(mc) ? new NodeMetrics({ node: config.nodeId, database }) : null;
  if (node) {
    app.addHook('onResponse', async (request, reply) => {
      node.http(
        request.routeOptions.url ?? 'unmatched',
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  let listener: { url: string; close(): Promise<void> } | null = null;
  return {
    hooks: node?.counts ?? NO_METRICS,
    statement: node?.statement,
    get url() {
      return listener?.url ?? null;
    },
    async start(sources) {
      registerMetricsRoute(app, node, mc.token);
      if (!node) return;
      node.attach(sources);
      if (mc.port !== undefined) listener = await startMetricsListener(node, mc.host, mc.port, app.log);
    },
    close: async () => {
      await listener?.close();
    },
  };
}
