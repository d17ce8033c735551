/** Messages between the delivery / reconnect-storm runners and their children. */
import type { StepPart } from './ladder.js';

/** One client of the load: the path token of its socket and the name its peer addresses it by. */
export interface BenchClient {
  /** `/ws/<token>` */
  token: string;
  /** What goes after `C2C` in a conversationID that names this client. */
  name: string;
}

/** Runner → server process (Parley or the bare relay). */
export type DServerCommand = { cmd: 'seed'; users: number } | { cmd: 'shutdown' };

/** Server process → runner. */
export type DServerReply =
  | { kind: 'ready'; baseUrl: string; label: string }
  | { kind: 'seeded'; clients: BenchClient[]; ms: number }
  | { kind: 'shutdown'; ms: number }
  | { kind: 'error'; message: string };

/** Runner → load worker. */
export type DWorkerCommand =
  | { cmd: 'open'; wsBase: string; pairs: Array<[BenchClient, BenchClient]>; concurrency: number }
  | { cmd: 'step'; rate: number; seconds: number; drainMs: number }
  | { cmd: 'exit' };

/** Load worker → runner. */
export type DWorkerReply =
  | { kind: 'ready' }
  | { kind: 'opened'; opened: number; failed: number; firstError: string | null; ms: number }
  | ({ kind: 'stepped' } & StepPart);
