import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Errors } from '@parley/protocol';
import { refusal } from '../errors.js';
import { requestLanguage } from '../language.js';
import type { NodeMetrics } from './node-metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

/**
 * `GET /metrics` on the public port (docs/api.md "Operations"): with METRICS_TOKEN, for a request
 * bearing it (401 otherwise); without one it is not served there (404), whatever else the node does.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: NodeMetrics | null,
  token: string | undefined,
) {
  app.get('/metrics', async (request, reply) => {
    const lang = await requestLanguage(request);
    if (!metrics || !token) return reply.status(404).send(refusal(Errors.notFound, lang));
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(refusal(Errors.unauthorized, lang));
    }
    const { text, contentType } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}

/**
 * The metrics listener (METRICS_PORT on METRICS_HOST): `GET /metrics` only, for a Prometheus on the
 * same host or private network. Resolves once it listens.
 */
export async function startMetricsListener(
  metrics: NodeMetrics,
  host: string,
  port: number,
  log: { error(obj: unknown, msg: string): void },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.exposition().then(
      ({ text, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const shown = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
