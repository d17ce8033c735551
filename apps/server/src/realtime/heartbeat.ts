import type { FastifyBaseLogger } from 'fastify';
import type { Connection, ConnectionRegistry } from './registry.js';

/**
 * One heartbeat round: a connection that did not pong since the last round is cut and unregistered;
 * every other one is pinged (and cleared until its pong comes back).
 */
export function heartbeatRound(registry: ConnectionRegistry<Connection>, log: FastifyBaseLogger): void {
  for (const conn of registry.all()) {
    if (!conn.alive) {
      registry.remove(conn);
      conn.socket.terminate();
      log.debug({ userId: conn.userId, connectionId: conn.id }, 'socket missed heartbeat');
      continue;
    }
    conn.alive = false;
    try {
      conn.socket.ping();
    } catch {
      registry.remove(conn);
      conn.socket.terminate();
    }
  }
}
