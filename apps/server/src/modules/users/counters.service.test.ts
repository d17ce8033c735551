import { describe, expect, it, vi } from 'vitest';
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
  }, 'unread');
  counters.register(async () => ({ friendApplyUnread: 1 }), 'friends');
  return {
    counters,
    pushes,
    counted: () => counted,
    set: (n: number) => (current = n),
    settled: () => new Promise((r) => setImmediate(() => setImmediate(r))),
  };
}

describe('CountersService.pushSoon', () => {
  it('pushes a value counted by the caller without recounting', async () => {
    const s = setup();
    s.counters.pushSoon(1, 'unread', { unread: 3 });
    await s.settled();
    expect(s.pushes).toEqual([{ unread: 3 }]);
    expect(s.counted()).toBe(0);
    s.counters.stop();
  });

  it('pushes a known value in the same turn; a recount asked for after it follows in the next round', async () => {
    const s = setup();
    s.counters.pushSoon(1, 'unread', { unread: 3 });
    expect(s.pushes).toEqual([{ unread: 3 }]); // synchronously: it shares the write of the change
    s.counters.pushSoon(1, 'unread');
    s.counters.pushSoon(1, 'unread', { unread: 4 }); // older than the recount asked for: dropped
    await vi.waitFor(() => expect(s.pushes).toHaveLength(2));
    expect(s.pushes[1]).toEqual({ unread: 7 });
    expect(s.counted()).toBe(1);
    s.counters.stop();
  });

  it('recounts only the provider named', async () => {
    const s = setup();
    s.set(9);
    s.counters.pushSoon(1, 'unread');
    await s.settled();
    expect(s.pushes).toEqual([{ unread: 9 }]);
    s.counters.stop();
  });
});
