/** Messages between the bench runner and its child processes (server and client workers). */

export interface MemorySample {
  /** VmRSS of the process, read from /proc/<pid>/status by the runner. */
  rssBytes: number;
  heapUsedBytes: number;
}

/** Runner → server process. */
export type ServerCommand =
  | { cmd: 'memory' }
  | { cmd: 'fanout'; tokens: string[]; seq: number; payloadBytes: number }
  | { cmd: 'connections' }
  | { cmd: 'shutdown' };

/** Server process → runner. */
export type ServerReply =
  | { kind: 'ready'; baseUrl: string }
  | { kind: 'memory'; heapUsedBytes: number }
  | { kind: 'fanout'; seq: number; publishAt: number; sentAt: number; sockets: number }
  | { kind: 'connections'; count: number }
  | { kind: 'shutdown'; ms: number; loopMs: number }
  | { kind: 'error'; message: string };

/** Runner → client worker. */
export type WorkerCommand =
  | { cmd: 'open'; wsBase: string; tokens: string[]; count: number; concurrency: number }
  | { cmd: 'expect'; seq: number }
  | { cmd: 'waitClosed' }
  | { cmd: 'exit' };

/** Client worker → runner. */
export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'opened'; opened: number; failed: number; firstError: string | null; ms: number }
  | { kind: 'received'; seq: number; count: number; lastAt: number }
  | { kind: 'closed'; count: number; codes: Record<string, number>; lastAt: number };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}
