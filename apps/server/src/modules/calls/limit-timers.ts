import { runAt, type Clock } from '../../lib/clock.js';

/**
 * One in-memory timer per connected call of a limited caller, due when the allowance runs out. It only
 * makes the end prompt: `calls.limit_at` is the record, and every node's sweeper ends calls past it
 * (after a restart, or when the call connected on another node).
 */
export class LimitTimers {
  private readonly timers = new Map<string, () => void>();

  constructor(private readonly clock: Clock) {}

  schedule(callId: string, when: number, fn: () => void): void {
    this.cancel(callId);
    this.timers.set(
      callId,
      runAt(this.clock, when, () => {
        this.timers.delete(callId);
        fn();
      }),
    );
  }

  cancel(callId: string): void {
    this.timers.get(callId)?.();
    this.timers.delete(callId);
  }

  clear(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
