import { describe, expect, it } from 'vitest';
import { MemoryBus } from './memory-bus.js';
import { createRealtime } from './realtime.js';
import type { BusMessage } from './types.js';

describe('MemoryBus', () => {
  it('delivers only messages for watched users, each with that user’s next push sequence', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    await bus.watch(3);
    const rt = createRealtime(bus);
    await rt.emit([3, 3, 4], 'counters.updated', { unread: 1 });
    await rt.emit([3], 'counters.updated', { unread: 2 });
    expect(got).toEqual([
      { kind: 'users', userIds: [3], frame: { type: 'counters.updated', data: { unread: 1 }, seq: 1 } },
      { kind: 'users', userIds: [3], frame: { type: 'counters.updated', data: { unread: 2 }, seq: 2 } },
    ]);
    // User 4 has no socket here: nothing delivered, but the sequence still advanced for their next hello.
    expect(await bus.currentSeq(4)).toBe(1);
    expect(await bus.currentSeq(3)).toBe(2);
    expect(bus.received).toBe(2);
  });

  it('names a user once when a two-user list repeats them', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    await bus.watch(5);
    await createRealtime(bus).emit([5, 5], 'counters.updated', { unread: 3 });
    expect(got).toEqual([
      { kind: 'users', userIds: [5], frame: { type: 'counters.updated', data: { unread: 3 }, seq: 1 } },
    ]);
    expect(await bus.currentSeq(5)).toBe(1);
  });

  it('publishes an event to a list of users before emit returns, and one to a conversation after its members resolve', async () => {
    // The send thread's replies are handled without awaiting each event to a list (send-thread.ts
    // `handle`): they stay in order only because such an event reaches the bus synchronously.
    const published: string[] = [];
    const bus = new MemoryBus();
    const publish = bus.publish.bind(bus);
    bus.publish = (m) => {
      published.push(m.kind === 'users' ? `unread ${(m.frame.data as { unread: number }).unread}` : m.kind);
      return publish(m);
    };
    expect(bus.inline).toBe(true);
    const rt = createRealtime(bus);
    rt.setConversationAudience(async () => [1, 2]);
    const first = rt.emit([1, 2], 'counters.updated', { unread: 1 });
    const second = rt.emit({ conversation: 'GROUP1' }, 'counters.updated', { unread: 2 });
    const third = rt.emit([2], 'counters.updated', { unread: 3 });
    expect(published).toEqual(['unread 1', 'unread 3']);
    await Promise.all([first, second, third]);
    expect(published).toEqual(['unread 1', 'unread 3', 'unread 2']);
  });

  it('delivers every token close, watched user or not (a socket may still be authenticating)', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    const rt = createRealtime(bus);
    await bus.watch(7);
    await rt.closeTokens(7, ['t1'], { closeCode: 4002, reason: 'logged out' });
    bus.unwatch(7);
    await rt.closeTokens(7, ['t2'], { closeCode: 4002, reason: 'logged out' });
    await rt.closeTokens(7, [], { closeCode: 4002, reason: 'r' }); // nothing to close: not published
    expect(got).toEqual([
      { kind: 'closeTokens', userId: 7, tokenIds: ['t1'], closeCode: 4002, reason: 'logged out' },
      { kind: 'closeTokens', userId: 7, tokenIds: ['t2'], closeCode: 4002, reason: 'logged out' },
    ]);
  });

  it('sends numeric legacy types as numbers', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    await bus.watch(1);
    await createRealtime(bus).emit([1], '-1', { text: 'bye' });
    expect(got[0]).toMatchObject({ frame: { type: -1, data: { text: 'bye' } } });
  });

  it('keeps delivering when one subscriber throws', async () => {
    const bus = new MemoryBus();
    const got: BusMessage[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((m) => got.push(m));
    await bus.watch(1);
    await expect(createRealtime(bus).emit([1], 'counters.updated', { unread: 0 })).resolves.toBeUndefined();
    expect(got).toHaveLength(1);
  });

  it('reports health and refuses to publish after close', async () => {
    const bus = new MemoryBus();
    expect(await bus.ping()).toBe(true);
    await bus.close();
    expect(await bus.ping()).toBe(false);
    await expect(
      bus.publish({ kind: 'closeTokens', userId: 1, tokenIds: ['t'], closeCode: 4002, reason: '' }),
    ).rejects.toThrow('bus is closed');
  });
});
