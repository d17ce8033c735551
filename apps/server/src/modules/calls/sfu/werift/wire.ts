import type { SfuEvents } from '../sfu.js';
import type { WeriftOptions } from './media.js';

/** The worker's start data. */
export interface WorkerData {
  entry: string;
  tsx: string | null;
  options: WeriftOptions;
}

/** Main thread → worker: one operation on a room. */
export type WorkerCall =
  | { id: number; op: 'openRoom' | 'closeRoom'; roomId: string }
  | { id: number; op: 'publish'; roomId: string; userId: string; sdp: string }
  | { id: number; op: 'answer'; roomId: string; userId: string; sdp: string }
  | { id: number; op: 'subscribe' | 'leave' | 'requestKeyframe'; roomId: string; userId: string }
  | {
      id: number;
      op: 'candidate';
      roomId: string;
      userId: string;
      pc: 'publish' | 'subscribe';
      candidate: unknown;
    }
  | { id: number; op: 'stats' };

/** Worker → main thread: an answer to a call, or an event. */
export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; code: string | null; message: string }
  | { event: keyof SfuEvents; args: unknown[] };

/** What the worker reports for the bench: rooms, peers, forwarded packets since its start. */
export interface WorkerStats {
  rooms: number;
  peers: number;
  forwarded: number;
  /** CPU time the thread has used (Linux), for the bench. */
  cpuSeconds: number | null;
  /**
   * Time the thread was ready to run but waited for a core (Linux scheduler statistics): a thread
   * starved by other work shows a low CPU share and a large wait, not idleness.
   */
  waitSeconds: number | null;
}
