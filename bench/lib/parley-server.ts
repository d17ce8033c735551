/**
 * The Parley server as the connection bench runs it: the real buildServer() of apps/server on a
 * temp SQLite database, in its own process, plus a bench-only IPC hook (never part of the app) that
 * publishes one event to the users of the given tokens through ctx.realtime.emit, like a service would.
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { buildServer } from '../../apps/server/src/app.js';
import type { ServerCommand, ServerReply } from './ipc.js';
import { wallNow } from './ipc.js';

function reply(message: ServerReply): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', webDistDir: undefined });
  const server = await buildServer(config);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1', backlog: config.listenBacklog });
  const sessionUsers = new Map<string, number>();

  process.on('message', (raw: ServerCommand) => {
    void handle(raw).catch((err: unknown) => reply({ kind: 'error', message: String(err) }));
  });

  async function handle(command: ServerCommand): Promise<void> {
    switch (command.cmd) {
      case 'memory':
        global.gc?.();
        reply({ kind: 'memory', heapUsedBytes: process.memoryUsage().heapUsed });
        return;
      case 'connections':
        reply({ kind: 'connections', count: server.gateway.connectionCount });
        return;
      case 'fanout': {
        for (const token of command.tokens) {
          if (!sessionUsers.has(token))
            sessionUsers.set(token, (await server.app.resolveSession(token)).userId);
        }
        const userIds = [...new Set(sessionUsers.values())];
        const data = { seq: command.seq, pad: 'x'.repeat(command.payloadBytes) };
        const publishAt = wallNow();
        // With the in-process bus, delivery (one ws.send per socket) is done when this resolves.
        // A bench-only event type, outside the typed event map.
        await server.ctx.realtime.emit(userIds, 'bench.fanout' as never, data as never);
        const sentAt = wallNow();
        reply({
          kind: 'fanout',
          seq: command.seq,
          publishAt,
          sentAt,
          sockets: server.gateway.connectionCount,
        });
        return;
      }
      case 'shutdown': {
        const started = wallNow();
        server.gateway.shutdown(); // sends every close frame (server.close() calls it again: a no-op)
        const loopMs = wallNow() - started;
        await server.close();
        reply({ kind: 'shutdown', ms: wallNow() - started, loopMs });
        return;
      }
    }
  }

  reply({ kind: 'ready', baseUrl: address.replace('[::1]', '127.0.0.1') });
}

main().catch((err: unknown) => {
  reply({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
