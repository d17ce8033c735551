/** Time source; tests can pass a fake one. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
