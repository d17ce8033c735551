import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import { safeClose } from './close-reason.js';
import type { Connection } from './registry.js';
import { WriteCoalescer } from './write-coalescer.js';

/** A client that stops reading is dropped once this much output waits for it. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * What leaves the gateway's sockets: frames (`textFrame`), written once per socket per turn
 * (write-coalescer.ts) and held under the backpressure cap, and closes, which go after the frames
 * queued before them (ws writes a close frame at once).
 */
export class SocketOutput {
  private readonly writes = new WriteCoalescer();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  /**
   * Queues a frame for the connection's socket, to leave at the end of this turn (nothing for a
   * socket that is no longer open). False when the socket was cut instead: its client does not read.
   */
  send(conn: Connection, frame: Buffer): boolean {
    const ws = conn.socket;
    if (ws.readyState !== WebSocket.OPEN) return true;
    // What waits in the socket's buffer, and what this turn queued for it already.
    if (ws.bufferedAmount + this.writes.queued(ws) > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: conn.userId, connectionId: conn.id }, 'socket dropped: client does not read');
      ws.terminate();
      return false;
    }
    this.writes.send(ws, frame);
    return true;
  }

  /** Writes the frames queued for the socket now (into its stream, corked or not). */
  flush(ws: WebSocket): void {
    this.writes.flush(ws);
  }

  /** Closes a socket after the frames queued for it. */
  close(ws: WebSocket, code: number, reason: string): void {
    this.writes.flush(ws);
    safeClose(ws, code, reason);
  }
}
