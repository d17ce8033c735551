/** Time source; tests can pass a fake one. */
export interface Clock {
  now(): number;
  /**
   * Runs `fn` once the clock reaches `when`; returns a cancel function. Optional: a fake clock in tests
   * fires it as it is advanced; without it `runAt` uses a real timer.
   */
  at?(when: number, fn: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

/** The longest delay a Node timer takes (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Runs `fn` when `clock` reaches `when` (at once if already past); the timer does not hold the process. */
export function runAt(clock: Clock, when: number, fn: () => void): () => void {
  if (clock.at) return clock.at(when, fn);
  const timer = setTimeout(fn, Math.min(MAX_DELAY_MS, Math.max(0, when - clock.now())));
  timer.unref();
  return () => clearTimeout(timer);
}
