import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, ErrorDetails, Errors } from '@parley/protocol';
import type { Config } from './config.js';
import { openDatabase, type DbHandle } from './db/index.js';
import { isAppError, refusal } from './lib/errors.js';
import { languageFromHeader, requestLanguage } from './lib/language.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { AppContext } from './lib/context.js';
import { createBus } from './realtime/bus.js';
import { createRealtime } from './realtime/realtime.js';
import { Gateway } from './realtime/gateway.js';
import { registerModules, type Modules } from './modules/index.js';
import { UnitsOfWork } from './db/unit-of-work.js';
import { Redis } from 'ioredis';
import { memoryLimiters } from './lib/rate-limiter.js';
import { redisLimiters } from './lib/redis-limiter.js';
import { redactedRequest } from './lib/log-redact.js';
import { OpsGaugesRepo, setUpMetrics } from './lib/metrics/index.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { sfuProbe } from './health/readiness.js';

export interface ParleyServer {
  app: FastifyInstance;
  ctx: AppContext;
  dbHandle: DbHandle;
  gateway: Gateway;
  /** The domain modules (services, hooks), for wiring later modules and for tests. */
  modules: Modules;
  /** The node's metrics (lib/metrics): `url` is its metrics listener's, when METRICS_PORT is set. */
  metrics: { readonly url: string | null };
  /** Marks the node as draining: /readyz answers 503 from now on (the first step of a stop). */
  drain(): void;
  /** Graceful stop: refuse new work, close sockets with a reconnect hint, finish requests, close db. */
  close(): Promise<void>;
}

export async function buildServer(
  config: Config,
  clock: Clock = systemClock,
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void },
): Promise<ParleyServer> {
  const app = Fastify({
    // Logged URLs never carry a session token (/ws/{token}, ?token=).
    logger: {
      level: config.logLevel,
      serializers: { req: redactedRequest },
      ...(logStream && { stream: logStream }),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => Math.random().toString(36).slice(2, 12),
    forceCloseConnections: 'idle',
    // A URL the router cannot decode (`/api/user/%E0%A4`) is answered in the envelope too.
    frameworkErrors: (_err, request, reply: FastifyReply) => {
      const lang = languageFromHeader(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
      void reply.status(400).send(refusal(Errors.badRequest, lang));
    },
  });
  const metrics = setUpMetrics(app, config);
  const dbHandle = await openDatabase(config, app.log, metrics.statement);
  const bus = await createBus(config, app.log);
  const realtime = createRealtime(bus);
  const limiterRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectionName: `parley-rl-${config.nodeId}`,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : null;
  limiterRedis?.on('error', (err) =>
    app.log.warn({ err: err.message }, 'rate limiter Redis connection error'),
  );
  const limiters = limiterRedis
    ? redisLimiters(limiterRedis, config.redisPrefix, app.log)
    : memoryLimiters(() => clock.now());
  const ctx: AppContext = {
    config,
    db: dbHandle.db,
    uow: new UnitsOfWork(dbHandle.db, realtime, app.log),
    bus,
    realtime,
    clock,
    limiters,
    log: app.log,
    metrics: metrics.hooks,
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTileOrigin ? [config.mapTileOrigin] : [])],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'wasm-unsafe-eval': WebAssembly only (RNNoise for calls), not eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only on answers that travelled over HTTPS (below): over plain HTTP it would pin a host,
    // and its subdomains, to HTTPS that may not exist.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
  await app.register(cors, { origin: config.corsOrigins, credentials: true });

  app.decorateRequest('callerUserId', null);
  app.setErrorHandler(async (err, request, reply) => {
    const lang = await requestLanguage(request);
    if (isAppError(err)) {
      return reply.status(err.status).send({ code: err.code, msg: err.textIn(lang), data: err.data ?? null });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(refusal(Errors.payloadTooLarge, lang));
    }
    if (e.statusCode === 415) return reply.status(415).send(refusal(Errors.unsupportedMediaType, lang));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const badJson = e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(e.message ?? '');
      return reply
        .status(400)
        .send(refusal(Errors.badRequest, lang, badJson ? ErrorDetails.invalidJsonBody : undefined));
    }
    request.log.error({ err, reqId: request.id }, 'unexpected error');
    return reply
      .status(500)
      .send({ code: 500, msg: Errors.unknown.texts[lang], data: { requestId: request.id } });
  });

  const modules = await registerModules(app, ctx, {
    health: async (r) => {
      const [db, busOk] = await Promise.all([dbHandle.ping(), bus.ping()]);
      const data = {
        db: { dialect: dbHandle.dialect, ok: db },
        bus: { kind: bus.name, ok: busOk },
        node: config.nodeId,
        sendThread: modules.messaging.send.threadState,
      };
      // A node that cannot reach its database or publish events answers HTTP 503, so a load balancer
      // takes it out of rotation (docs/operations.md "Redis lost", "PostgreSQL lost").
      if (!(db && busOk)) r.reply.status(503).send({ code: 503, msg: 'degraded', data });
      return data;
    },
  });

  let draining = false;
  registerHealthRoutes(app, {
    db: { kind: dbHandle.dialect, ping: () => dbHandle.ping() },
    bus: { kind: bus.name, ping: () => bus.ping() },
    files: { kind: modules.uploads.storage.driver, ping: () => modules.uploads.storage.ready() },
    sfu: sfuProbe(config.sfu),
    draining: () => draining,
  });

  // API paths that match no route answer 404 in the envelope; other paths serve the SPA.
  const webDir =
    config.webDistDir && fs.existsSync(path.join(config.webDistDir, 'index.html')) ? config.webDistDir : null;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // The build writes `file.br` / `file.gz` beside each text asset (apps/web/precompress.ts):
      // sent as they are, the best the client accepts (decision record 013).
      preCompressed: true,
      // Our Cache-Control below; @fastify/send's own (`public, max-age=0`) would replace it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed names under /assets change with their content: cached for a year, never revalidated.
        // Everything else (index.html, favicon) is revalidated on every load.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (webDir) {
    // The app's files differ by Accept-Encoding (their .br/.gz copies); caches must keep them apart.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api') || request.url.startsWith('/ws')) return;
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A hashed asset that is not there (a page of an older build) is a 404, never index.html.
    const notPage = url.startsWith('/api') || url.startsWith('/ws') || url.startsWith('/assets/');
    if (notPage || !webDir || request.method !== 'GET') {
      return reply.status(404).send(refusal(Errors.notFound, await requestLanguage(request)));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  const gateway = new Gateway(app, ctx);
  modules.admin.countSockets(() => gateway.connectionCount);
  modules.messaging.registerFrames(gateway);
  modules.calls.registerFrames(gateway);
  modules.calls.startSweeper();
  modules.membership.startSweeper();
  modules.messaging.startPruner();
  // Moments a stopped node left half delivered (fanout.ts).
  modules.moments.fanout.kick();
  const gauges = new OpsGaugesRepo(dbHandle.db);
  await metrics.start({
    sockets: () => gateway.connectionCount,
    bus,
    dbPing: () => dbHandle.ping(),
    pool: dbHandle.pool,
    dataDir: config.dataDir,
    activeCalls: () => gauges.activeCalls(),
    fanoutBacklog: () => gauges.fanoutBacklog(),
    sfu: modules.calls.sfu,
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      modules.calls.stopSweeper();
      modules.membership.stopSweeper();
      modules.users.counters.stop();
      modules.messaging.stopPruner();
      gateway.shutdown();
      await app.close();
      await metrics.close();
      await modules.moments.fanout.stop();
      await modules.messaging.close();
      await bus.close();
      limiterRedis?.disconnect();
      await dbHandle.close();
    })();
    return closing;
  };
  const drain = () => {
    draining = true;
  };
  return { app, ctx, dbHandle, gateway, modules, metrics, drain, close };
}
