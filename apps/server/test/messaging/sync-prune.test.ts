import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, c2c, post, sent, sync, userOn } from './helpers.js';

// A small log: each user keeps only their latest 5 changes. New messages carry their versions and
// write no log rows; pins are logged.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000, syncLogKeep: 5 });
});
afterAll(() => t.close());

describe('sync log pruning', () => {
  it('keeps the latest changes per user; a client older than them is told to reload (reset)', async () => {
    const a = await userOn(t, 'pruneA');
    const b = await userOn(t, 'pruneB');
    await befriend(t, a, b);
    const start = (await sync(t, b, 0)).version;
    await sent(t, a, b, '消息1');
    for (const isPinned of [true, false, true]) {
      expect((await post(t, b, '/conversation/pin', { conversationID: c2c(a), isPinned })).code).toBe(200);
    }
    for (let i = 2; i <= 5; i++) await sent(t, a, b, `消息${i}`);
    const now = start + 8;

    // Within the kept window: the usual answer, nothing missing.
    const recent = await sync(t, b, now - 5);
    expect([recent.reset, recent.version, recent.messages.map((m) => m.payload.text)]).toEqual([
      false,
      now,
      ['消息2', '消息3', '消息4', '消息5'],
    ]);
    // Older than the window: reset, and nothing else (whether or not the rows are pruned yet).
    const stale = await sync(t, b, now - 6);
    expect(stale).toEqual({
      version: now,
      hasMore: false,
      reset: true,
      conversations: [],
      removedConversationIDs: [],
      messages: [],
    });

    // The pruner drops the rows outside every user's window; the window still answers in full.
    const userB = (await t.server.modules.users.repo.byWtId(b.wtId))!.id;
    // B's two pins before the window went; A has no logged change.
    expect(await t.server.modules.messaging.pruneSyncLog()).toBe(2);
    const rows = await t.server.ctx.db
      .selectFrom('sync_log')
      .select('version')
      .where('user_id', '=', userB)
      .orderBy('version')
      .execute();
    expect(rows.map((r) => Number(r.version))).toEqual([now - 4]);
    const after = await sync(t, b, now - 5);
    expect(after.messages.map((m) => m.payload.text)).toEqual(['消息2', '消息3', '消息4', '消息5']);
    expect(after.conversations.map((c) => c.conversationID)).toEqual([c2c(a)]);
  });
});
