import { loadConfig } from './config.js';
import { buildServer } from './app.js';

/** Boot: config → db → bus → http + ws; graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const server = await buildServer(config);
  const { app } = server;
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  app.log.info(
    { port: config.port, db: server.dbHandle.dialect, bus: server.ctx.bus.name, node: config.nodeId },
    'Parley is up',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period passed; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    // Readiness answers 503 first, so the load balancer stops sending work before the node stops
    // taking it (SHUTDOWN_DRAIN_MS, 0 by default).
    server.drain();
    new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      .then(() => server.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Parley failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
