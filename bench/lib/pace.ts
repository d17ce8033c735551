import { wallNow } from './ipc.js';

/** How often a load process checks how many sends are due. */
const TICK_MS = 5;

/**
 * One step of a load process: `sendNext()` as often as `rate` per second asks, for `seconds`, then
 * waits until nothing is `inFlight()` any more or `drainMs` passed. `sent()` counts this step's sends.
 */
export async function pacedStep(o: {
  rate: number;
  seconds: number;
  drainMs: number;
  sent: () => number;
  sendNext: () => void;
  inFlight: () => number;
}): Promise<void> {
  const started = wallNow();
  const endAt = started + o.seconds * 1000;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = Math.min(wallNow(), endAt);
      const due = Math.floor(((now - started) / 1000) * o.rate) - o.sent();
      for (let i = 0; i < due; i++) o.sendNext();
      if (now >= endAt) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const drainUntil = wallNow() + o.drainMs;
  while (o.inFlight() > 0 && wallNow() < drainUntil) await new Promise((r) => setTimeout(r, 20));
}
