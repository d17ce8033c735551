import { describe, expect, it } from 'vitest';
import { MemoryBus } from './memory-bus.js';
import { createRealtime } from './realtime.js';
import type { BusMessage } from './types.js';

describe('MemoryBus and Realtime', () => {
  it('delivers every published message to every subscriber', async () => {
    const bus = new MemoryBus();
    const a: BusMessage[] = [];
    const b: BusMessage[] = [];
    bus.subscribe((m) => a.push(m));
    bus.subscribe((m) => b.push(m));
    const rt = createRealtime(bus);
    await rt.toUsers([3, 3, 4], 'counters.updated', { unread: 1 });
    await rt.closeTokens(['t1'], { closeCode: 4002, reason: 'logged out' });
    expect(a).toEqual([
      { kind: 'users', userIds: [3, 4], frame: { type: 'counters.updated', data: { unread: 1 } } },
      { kind: 'closeTokens', tokenIds: ['t1'], closeCode: 4002, reason: 'logged out' },
    ]);
    expect(b).toEqual(a);
  });

  it('publishes nothing for an empty audience', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    const rt = createRealtime(bus);
    await rt.toUsers([], 'x', null);
    await rt.closeTokens([], { closeCode: 4002, reason: 'r' });
    expect(got).toEqual([]);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((m) => got.push(m));
    await expect(createRealtime(bus).toUsers([1], 'x', 1)).resolves.toBeUndefined();
    expect(got).toHaveLength(1);
  });

  it('reports health and refuses to publish once closed', async () => {
    const bus = new MemoryBus();
    expect(await bus.ping()).toBe(true);
    await bus.close();
    expect(await bus.ping()).toBe(false);
    await expect(
      bus.publish({ kind: 'closeTokens', tokenIds: ['t'], closeCode: 4002, reason: '' }),
    ).rejects.toThrow('bus is closed');
  });
});
