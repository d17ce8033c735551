import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../lib/context.js';
import { CountersService } from './counters.service.js';

/** The pushes a user's tabs receive, and a provider whose recounts can be observed. */
function setup() {
  const pushes: unknown[] = [];
  let counted = 0;
  let current = 7;
  const ctx = {
    realtime: { emit: async (_to: number[], _type: string, data: unknown) => void pushes.push(data) },
    log: { error: () => undefined },
  } as unknown as AppContext;
  const counters = new CountersService(ctx);
  counters.register(async () => {
    counted += 1;
    return { unread: current };
  });
  counters.register(async () => ({ friendApplyUnread: 1 }));
  return {
    counters,
    pushes,
    counted: () => counted,
    set: (n: number) => (current = n),
    settled: () => new Promise((r) => setImmediate(() => setImmediate(r))),
  };
}

describe('CountersService.pushSoon', () => {
  it('requests of one turn share one push of every provider', async () => {
    const s = setup();
    s.set(9);
    s.counters.pushSoon(1);
    s.counters.pushSoon(1);
    await s.settled();
    expect(s.pushes).toEqual([expect.objectContaining({ unread: 9, friendApplyUnread: 1 })]);
    expect(s.counted()).toBe(1);
    s.counters.stop();
  });

  it('requests during the interval fold into one more push with the count at its end', async () => {
    const s = setup();
    s.counters.pushSoon(1);
    await s.settled();
    s.set(8);
    s.counters.pushSoon(1);
    s.set(10);
    s.counters.pushSoon(1);
    await expect.poll(() => s.pushes.length).toBe(2);
    expect(s.pushes[1]).toEqual(expect.objectContaining({ unread: 10 }));
    expect(s.counted()).toBe(2);
    s.counters.stop();
  });
});
