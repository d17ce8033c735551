import type { FastifyInstance } from 'fastify';
import { checkReadiness, type ReadinessProbes } from './readiness.js';

/**
 * Probes for an orchestrator or load balancer (docs/api.md "Operations"), outside the
 * API's envelope and without a session:
 *
 * - `GET /healthz`: liveness. 200 `{ok: true}` whenever the process answers HTTP at all; it asks no
 *   dependency, so a lost database never gets a node restarted that would recover by itself.
 * - `GET /readyz`: readiness. 200 when the database, the bus, the file store and the SFU answer and
 *   the node is not draining; otherwise 503, the body naming what is missing.
 */
export function registerHealthRoutes(app: FastifyInstance, probes: ReadinessProbes): void {
  app.get('/healthz', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', async (_request, reply) => {
    const r = await checkReadiness(probes);
    void reply.header('Cache-Control', 'no-store').status(r.ready ? 200 : 503);
    return { ready: r.ready, draining: r.draining, missing: r.missing, checks: r.checks };
  });
}
