import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A server's text frame holding `text` (RFC 6455 §5.2: FIN, opcode 1, unmasked), header and payload
 * in one Buffer. ws would send the header and the payload as two chunks of a corked write; built here,
 * one frame for several sockets is encoded once and each socket writes a single chunk.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 0x1_0000_0000), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.write(text, head);
  return frame;
}

/** The writing end of a socket as the coalescer uses it (net.Socket). */
export type FrameSink = Pick<Socket, 'write' | 'cork' | 'uncork' | 'destroyed'>;

/** Where a socket's frames wait in this turn's list: its place + 1 (0 or unset: none). */
const SLOT = Symbol('writeSlot');
type Slotted = FrameSink & { [SLOT]?: number };

/**
 * Frames sent to one socket in the same event-loop turn leave in one write (docs/performance.md
 * "Messaging"), straight to the socket's TCP stream: a receiver's `message.new` and its
 * `counters.updated` cost one syscall instead of two, and a socket with one frame in the turn (the
 * usual case) writes one Buffer, uncorked, which Node hands to the kernel without queueing it. Frames
 * are never held past the current turn, and `flush` sends a socket's frames at once (before its close
 * frame, which ws writes itself). Frames are written beside ws's own sender, which the gateway only
 * uses for control frames: it never compresses (`perMessageDeflate: false`) nor sends Blobs, the two
 * cases where ws holds frames back.
 *
 * Corking each socket instead (this class's first design) made Node queue every frame as two entries
 * (ws's header and payload) in an array that each uncork replaces; the arrays that lived long enough
 * to be promoted kept the next turn's frames alive through the following scavenge
 * (docs/decisions/008-one-write-per-socket-turn.md).
 */
export class WriteCoalescer {
  /** This turn's sockets and their frames, reused in place (emptied after each turn). */
  private readonly sockets: Array<Slotted | null> = [];
  private readonly frames: Array<Buffer | Buffer[] | null> = [];
  /** The bytes of each socket's queued frames. */
  private readonly bytes: number[] = [];
  private count = 0;
  private scheduled = false;

  /** Queues `frame` (`textFrame`) for the socket behind `ws`, to leave at the end of this turn. */
  send(ws: WebSocket, frame: Buffer): void {
    const socket = sinkOf(ws);
    if (!socket || socket.destroyed) return;
    const slot = this.slotOf(socket);
    if (slot >= 0) {
      const held = this.frames[slot];
      if (Array.isArray(held)) held.push(frame);
      else this.frames[slot] = held ? [held, frame] : frame;
      this.bytes[slot] = this.bytes[slot]! + frame.length;
      return;
    }
    this.sockets[this.count] = socket;
    this.frames[this.count] = frame;
    this.bytes[this.count] = frame.length;
    this.count += 1;
    socket[SLOT] = this.count;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.release);
  }

  /** The bytes queued for `ws` in this turn, not yet in its socket's buffer (`ws.bufferedAmount`). */
  queued(ws: WebSocket): number {
    const slot = this.slotOf(sinkOf(ws));
    return slot < 0 ? 0 : this.bytes[slot]!;
  }

  /** Writes the frames queued for `ws` now (before a close frame). */
  flush(ws: WebSocket): void {
    const socket = sinkOf(ws);
    const slot = this.slotOf(socket);
    if (!socket || slot < 0) return;
    const frames = this.frames[slot];
    this.frames[slot] = null;
    this.bytes[slot] = 0;
    if (frames) write(socket, frames);
  }

  /** The socket's place in this turn's list (-1: none). */
  private slotOf(socket: Slotted | undefined): number {
    const slot = (socket?.[SLOT] ?? 0) - 1;
    return slot >= 0 && this.sockets[slot] === socket ? slot : -1;
  }

  /** Sends everything queued (end of the turn). */
  readonly release = (): void => {
    // A frame queued while these are written (a handler run by a write) joins this round.
    for (let i = 0; i < this.count; i++) {
      const socket = this.sockets[i]!;
      const frames = this.frames[i];
      // Emptied, so that no array outliving the turn keeps a frame or a closed socket alive.
      this.sockets[i] = null;
      this.frames[i] = null;
      socket[SLOT] = 0;
      if (frames) write(socket, frames);
    }
    this.count = 0;
    this.scheduled = false;
  };
}

function sinkOf(ws: WebSocket): Slotted | undefined {
  // ws keeps its TCP socket in `_socket` (not public API, stable across ws versions).
  return (ws as unknown as { _socket?: Slotted })._socket;
}

function write(socket: FrameSink, frames: Buffer | Buffer[]): void {
  if (socket.destroyed) return;
  if (!Array.isArray(frames)) {
    socket.write(frames);
    return;
  }
  // Several frames: one writev.
  socket.cork();
  for (const frame of frames) socket.write(frame);
  socket.uncork();
}
