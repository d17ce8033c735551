import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Frames sent to one socket in the same event-loop turn leave in one write (docs/performance.md
 * "Messaging"): the first frame of a turn corks the socket's TCP stream and the turn's end uncorks
 * every corked one, so a receiver's `message.new` and its `counters.updated` cost one `writev`
 * instead of two. Frames are never held past the current turn.
 */
export class WriteCoalescer {
  private readonly corked = new Set<Socket>();
  private scheduled = false;

  /** Call before `ws.send`: holds the socket's writes until the end of this turn. */
  hold(ws: WebSocket): void {
    // ws keeps its TCP socket in `_socket` (not public API, stable across ws versions).
    const socket = (ws as unknown as { _socket?: Socket })._socket;
    if (!socket || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.release());
  }

  /** Sends everything held (end of the turn; also before closing sockets). */
  release(): void {
    this.scheduled = false;
    for (const socket of this.corked) if (!socket.destroyed) socket.uncork();
    this.corked.clear();
  }
}
