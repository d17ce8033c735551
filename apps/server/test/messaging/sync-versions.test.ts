import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, c2c, post, sent, storedColumn, sync, userOn } from './helpers.js';

// New one-to-one messages carry both members' sync versions instead of change-log rows
// (docs/architecture.md "Data model"); revokes, deletes, reads and settings stay in the log. A sync merges
// both by version.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
});
afterAll(() => t.close());

const logOf = async (wtId: string) => {
  const user = (await t.server.modules.users.repo.byWtId(wtId))!.id;
  const rows = await t.server.ctx.db
    .selectFrom('sync_log')
    .select(['version', 'message_id'])
    .where('user_id', '=', user)
    .orderBy('version')
    .execute();
  return rows.map((r) => [Number(r.version), r.message_id === null ? null : Number(r.message_id)]);
};

describe('sync versions on messages', () => {
  it('merges new messages and logged changes in version order, from every starting version', async () => {
    const a = await userOn(t, 'verA');
    const b = await userOn(t, 'verB');
    await befriend(t, a, b);
    const startA = (await sync(t, a, 0)).version;
    const startB = (await sync(t, b, 0)).version;
    const logA = await logOf(a.wtId);
    const logB = await logOf(b.wtId);

    await sent(t, a, b, 'm1'); // B: startB+1
    const m2 = await sent(t, a, b, 'm2'); // +2
    await sent(t, a, b, 'm3'); // +3
    expect((await post(t, a, '/message/revoke', { messageID: m2.ID })).code).toBe(200); // +4 (logged)
    const pin = await post(t, b, '/conversation/pin', { conversationID: c2c(a), isPinned: true });
    expect(pin.code).toBe(200); // B: +5 (logged)
    const m4 = await sent(t, a, b, 'm4'); // B: +6, A: +5
    await sent(t, a, b, 'm5'); // B: +7, A: +6

    // The messages hold their members' versions; the log only the revoke and the pin.
    expect(await storedColumn(t, m4.ID, 'sender_version')).toBe(startA + 5);
    expect(await storedColumn(t, m4.ID, 'receiver_version')).toBe(startB + 6);
    const m2id = await storedColumn(t, m2.ID, 'id');
    expect((await logOf(b.wtId)).slice(logB.length)).toEqual([
      [startB + 4, m2id],
      [startB + 5, null],
    ]);
    expect((await logOf(a.wtId)).slice(logA.length)).toEqual([[startA + 4, m2id]]);

    const changesAfter = async (user: typeof a, since: number) => {
      const r = await sync(t, user, since);
      return [r.version, r.hasMore, r.messages.map((m) => [m.payload.text ?? null, m.isRevoked])];
    };
    const all = [
      ['m1', false],
      [null, true],
      ['m3', false],
      ['m4', false],
      ['m5', false],
    ];
    const revoked = all[1]!;
    expect(await changesAfter(b, startB)).toEqual([startB + 7, false, all]);
    expect(await changesAfter(b, startB + 1)).toEqual([startB + 7, false, all.slice(1)]);
    expect(await changesAfter(b, startB + 3)).toEqual([startB + 7, false, [revoked, ...all.slice(3)]]);
    expect(await changesAfter(b, startB + 4)).toEqual([startB + 7, false, all.slice(3)]);
    expect(await changesAfter(b, startB + 5)).toEqual([startB + 7, false, all.slice(3)]);
    expect(await changesAfter(b, startB + 6)).toEqual([startB + 7, false, all.slice(4)]);
    expect(await changesAfter(b, startB + 7)).toEqual([startB + 7, false, []]);
    expect(await changesAfter(a, startA + 3)).toEqual([startA + 6, false, [revoked, ...all.slice(3)]]);

    // The pin came back as the conversation's state with the messages after it.
    const afterPin = await sync(t, b, startB + 4);
    expect(afterPin.conversations.map((c) => [c.conversationID, c.isPinned])).toEqual([[c2c(a), true]]);
  });
});
