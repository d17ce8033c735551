import { ApiError } from '../../lib/http';

/** The first wait before an unacknowledged send goes out again; each later wait doubles, up to the cap. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_CAP_MS = 30_000;

/** The wait before retry number `attempt` (0-based): 2 s, 4 s, 8 s, 16 s, then 30 s each. */
export const retryDelay = (attempt: number): number =>
  Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** Math.min(attempt, 16));

/** The socket's own failures: the frame may or may not have reached the server. */
const NO_ANSWER = new Set(['socket not open', 'socket closed', 'ack timeout']);

/**
 * Whether a send that failed this way may go out again with its clientMsgId (the server stores a
 * clientMsgId once, so a retry of a send that was stored answers the stored message): no ack came,
 * or the server could not serve it now (500, 503: its database or bus lost; docs/operations.md
 * "PostgreSQL lost"). Any other refusal is the answer and stays.
 */
export function isTransient(e: unknown): boolean {
  if (e instanceof ApiError) return e.code === 500 || e.code === 503;
  return e instanceof Error && NO_ANSWER.has(e.message);
}

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * The retries waiting, one per clientMsgId, each with how many came before it. `schedule` waits the
 * next backoff and runs the retry; `cancel` drops the wait (a send of it started another way, e.g.
 * the outbox after a reconnect) and keeps the count; `forget` ends it (acknowledged or refused).
 */
export class SendRetries {
  private readonly waits = new Map<string, unknown>();
  private readonly attempts = new Map<string, number>();

  constructor(private readonly timers: Timers = realTimers) {}

  /** Runs `retry` after the next wait of `id`; answers the wait. */
  schedule(id: string, retry: () => void): number {
    this.cancel(id);
    const attempt = this.attempts.get(id) ?? 0;
    this.attempts.set(id, attempt + 1);
    const ms = retryDelay(attempt);
    this.waits.set(
      id,
      this.timers.set(() => {
        this.waits.delete(id);
        retry();
      }, ms),
    );
    return ms;
  }

  cancel(id: string): void {
    const wait = this.waits.get(id);
    if (wait === undefined) return;
    this.timers.clear(wait);
    this.waits.delete(id);
  }

  forget(id: string): void {
    this.cancel(id);
    this.attempts.delete(id);
  }

  /** Whether a retry of `id` is waiting. */
  waiting(id: string): boolean {
    return this.waits.has(id);
  }
}
