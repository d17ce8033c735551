import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { forgetOnLogout, localCache, outbox } from './local';

describe('device cache', () => {
  it('keeps the latest 50 stored messages per conversation and user; a logout forgets cache and outbox', async () => {
    const msgs = Array.from({ length: 80 }, (_, i) => ({ ID: `m${i}`, sequence: i + 1, can: {} }) as never);
    await localCache.saveMessages('me', 'C2Cpeer', msgs, true);
    const held = await localCache.loadMessages('me', 'C2Cpeer');
    expect(held?.messages).toHaveLength(50);
    expect((held?.messages[0] as { ID: string }).ID).toBe('m30');
    expect(held?.isCompleted).toBe(false);
    expect(await localCache.loadMessages('someone-else', 'C2Cpeer')).toBeUndefined();
    // A copy kept before messages carried their `can` flags is not used.
    await localCache.saveMessages('me', 'C2Cold', [{ ID: 'o1', sequence: 1 } as never], true);
    expect(await localCache.loadMessages('me', 'C2Cold')).toBeUndefined();

    await outbox.add({
      conversationID: 'C2Cpeer',
      clientMsgId: 'c1',
      type: 'text',
      payload: { text: 'x' },
      createdAt: 1,
      ownerID: 'me',
    });
    expect((await outbox.list('me')).map((m) => m.clientMsgId)).toEqual(['c1']);
    let listener: (token: string | null) => void = () => {};
    forgetOnLogout((l) => {
      listener = l;
      return () => {};
    });
    listener('token');
    listener(null);
    // The clearing is not awaited by the listener: wait (with vi.waitFor's deadline) until it landed.
    await vi.waitFor(async () => {
      expect(await outbox.list('me')).toEqual([]);
      expect(await localCache.loadMessages('me', 'C2Cpeer')).toBeUndefined();
    });
  });
});
