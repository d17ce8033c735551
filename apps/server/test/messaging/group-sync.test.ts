import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { FakeClock, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import {
  createGroup,
  G,
  gid,
  groupConversation,
  groupHistory,
  groupSync,
  must,
  newUser,
  post,
  ready,
  sendGroup,
  sentGroup,
  unreadCounter,
} from './group-helpers.js';

// Group sync by version, admin revokes, unread counting and the states of a member who left.

let t: TestServer;
const clock = new FakeClock();
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 }, clock);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('group sync and revoke', () => {
  it('after a disconnect, sync with group versions returns exactly the missed messages and revokes', async () => {
    const owner = await newUser(t, 'gyO');
    const a = await newUser(t, 'gyA');
    const g = await createGroup(t, owner, [a]);
    const before = await sentGroup(t, owner, g, 'seen');
    const first = await groupSync(t, a, 0, {});
    const version = first.groupVersions![gid(g)]!;
    expect(first.conversations.map((c) => c.conversationID)).toContain(gid(g));
    expect(before.groupVersion).toBe(version);

    // "Offline": two messages and a revoke of the one seen before.
    const m1 = await sentGroup(t, owner, g, 'missed 1');
    const m2 = await sentGroup(t, owner, g, 'missed 2');
    await must(t, owner, '/message/revoke', { messageID: before.ID });
    const again = await groupSync(t, a, first.version, { [gid(g)]: version });
    const got = again.messages.filter((m) => m.conversationID === gid(g));
    expect(got.map((m) => [m.ID, m.isRevoked])).toEqual([
      [m1.ID, false],
      [m2.ID, false],
      [before.ID, true],
    ]);
    expect(again.groupVersions![gid(g)]).toBe(version + 3);
    // Up to date: nothing more.
    const idle = await groupSync(t, a, again.version, { [gid(g)]: again.groupVersions![gid(g)]! });
    expect(idle.messages.filter((m) => m.conversationID === gid(g))).toEqual([]);
  });

  it('owners and admins revoke any message of members they outrank; revokeAll marks a member’s messages (type 7)', async () => {
    const owner = await newUser(t, 'gvO');
    const admin = await newUser(t, 'gvA');
    const m = await newUser(t, 'gvM');
    const other = await newUser(t, 'gvX');
    const g = await createGroup(t, owner, [admin, m, other]);
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: [admin.wtId],
      identity: 2,
    });
    const so = await ready(t, other);
    sockets.push(so);
    const sent: Message[] = [];
    for (let i = 0; i < 3; i++) sent.push(await sentGroup(t, m, g, `spam ${i}`));
    const ownerMsg = await sentGroup(t, owner, g, 'owner speaks');

    // A member cannot revoke someone else's; an admin cannot revoke the owner's.
    const byMember = await post(t, other, '/message/revoke', { messageID: sent[0]!.ID });
    expect(byMember).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    const byAdminOnOwner = await post(t, admin, '/message/revoke', { messageID: ownerMsg.ID });
    expect(byAdminOnOwner).toMatchObject(Errors.forbidden);

    // Any time later: an admin revokes one message of a member.
    clock.advance(60 * 60 * 1000);
    const one = await must<Message>(t, admin, '/message/revoke', { messageID: sent[0]!.ID });
    expect([one.isRevoked, one.revoker]).toEqual([true, 'administrator']);
    const live = await so.waitFor(
      (f) => f.type === 'message.updated' && (f.data as Message).ID === sent[0]!.ID,
    );
    expect((live.data as Message).revoker).toBe('administrator');
    // Own message past the window: refused.
    const late = await post(t, m, '/message/revoke', { messageID: sent[1]!.ID });
    expect([late.code, late.msg]).toEqual([20016, '已过撤回时限']);

    const all = await must<{ revoked: number }>(t, owner, `${G}/admin/revokeAll`, {
      groupNumber: g.groupNumber,
      wtId: m.wtId,
      seq: sent[2]!.sequence,
    });
    expect(all.revoked).toBe(2);
    const seven = await so.waitFor((f) => f.type === 7);
    expect(seven.data).toEqual({
      groupNumber: g.groupNumber,
      wtId: m.wtId,
      seq: sent[2]!.sequence,
      withdrawUserWtId: m.wtId,
      lastMessageSequence: sent[2]!.sequence,
    });
    const history = await groupHistory(t, other, g);
    const ofM = history.filter((x) => x.from === m.wtId && x.type === 'text');
    expect(ofM.map((x) => [x.isRevoked, x.revoker, x.payload])).toEqual([
      [true, 'administrator', {}],
      [true, 'administrator', {}],
      [true, 'administrator', {}],
    ]);
    expect(history.find((x) => x.ID === ownerMsg.ID)!.isRevoked).toBe(false);
    // Managers only, over members they outrank.
    const byMemberAll = await post(t, other, `${G}/admin/revokeAll`, {
      groupNumber: g.groupNumber,
      wtId: m.wtId,
      seq: 99,
    });
    expect(byMemberAll).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    const adminOnOwner = await post(t, admin, `${G}/admin/revokeAll`, {
      groupNumber: g.groupNumber,
      wtId: owner.wtId,
      seq: 99,
    });
    expect(adminOnOwner).toMatchObject(Errors.forbidden);
  });

  it('the legacy paths: withdrawMsg revokes one message by sequence, withdrawWebMsgByUser all up to one', async () => {
    const owner = await newUser(t, 'gwO');
    const m = await newUser(t, 'gwM');
    const outsider = await newUser(t, 'gwX');
    const g = await createGroup(t, owner, [m]);
    const sent: Message[] = [];
    for (let i = 0; i < 3; i++) sent.push(await sentGroup(t, m, g, `w${i}`));
    const so = await ready(t, m);
    sockets.push(so);

    // Someone outside the group learns nothing; a wrong sender for the sequence is not found.
    const out = await post(t, outsider, `${G}/admin/withdrawMsg`, {
      groupNumber: g.groupNumber,
      userWtId: m.wtId,
      msgSeq: sent[0]!.sequence,
    });
    expect(out).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    const wrong = await post(t, owner, `${G}/admin/withdrawMsg`, {
      groupNumber: g.groupNumber,
      userWtId: owner.wtId,
      msgSeq: sent[0]!.sequence,
    });
    expect(wrong).toMatchObject({ status: 404, code: 404, msg: '访问资源不存在' });
    const bad = await post(t, owner, `${G}/admin/withdrawMsg`, {
      groupNumber: g.groupNumber,
      userWtId: m.wtId,
    });
    expect(bad).toMatchObject({ status: 400, code: 400, msg: '消息位置格式不正确' });

    const one = await must<Message>(t, owner, `${G}/admin/withdrawMsg`, {
      groupNumber: g.groupNumber,
      userWtId: m.wtId,
      msgSeq: sent[0]!.sequence,
    });
    expect([one.ID, one.isRevoked, one.revoker]).toEqual([sent[0]!.ID, true, 'administrator']);

    const all = await must<{ revoked: number }>(t, owner, `${G}/admin/withdrawWebMsgByUser`, {
      groupNumber: g.groupNumber,
      userWtId: m.wtId,
      lastMessageSequence: sent[1]!.sequence,
    });
    expect(all.revoked).toBe(1);
    const seven = await so.waitFor((f) => f.type === 7);
    expect(seven.data).toMatchObject({ withdrawUserWtId: m.wtId, lastMessageSequence: sent[1]!.sequence });
    const history = await groupHistory(t, owner, g);
    expect(history.filter((x) => x.from === m.wtId && x.type === 'text').map((x) => x.isRevoked)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('unread counts others’ messages after the cursor, the counter includes groups, muting removes them', async () => {
    const owner = await newUser(t, 'guO');
    const a = await newUser(t, 'guA');
    const g = await createGroup(t, owner, [a]);
    // The creation tip is a's first unread.
    expect((await groupConversation(t, a, g)).unreadCount).toBe(1);
    for (let i = 0; i < 3; i++) await sentGroup(t, owner, g, `u${i}`);
    expect((await groupConversation(t, a, g)).unreadCount).toBe(4);
    expect((await groupConversation(t, owner, g)).unreadCount).toBe(0);
    expect(await unreadCounter(t, a)).toBe(4);
    // Reading part of it, then writing (own message: read up to it).
    await must(t, a, '/conversation/read', { conversationID: gid(g), seq: 2 });
    expect((await groupConversation(t, a, g)).unreadCount).toBe(2);
    await sentGroup(t, a, g, 'me too');
    expect((await groupConversation(t, a, g)).unreadCount).toBe(0);
    await sentGroup(t, owner, g, 'one more');
    expect(await unreadCounter(t, a)).toBe(1);
    await must(t, a, '/conversation/mute', { conversationID: gid(g), isMuted: true });
    expect(await unreadCounter(t, a)).toBe(0);
    // The list has the group with its profile.
    const list = await must<{
      conversations: Array<{ conversationID: string; groupProfile: unknown; type: string }>;
    }>(t, a, '/conversation/list', {});
    const row = list.conversations.find((c) => c.conversationID === gid(g))!;
    expect(row.type).toBe('GROUP');
    expect(row.groupProfile).toEqual({ groupID: g.groupNumber, name: '测试群', avatar: '' });
  });

  it('removed (4), quit (8) and dissolved (5) members keep their history and cannot send', async () => {
    const owner = await newUser(t, 'gzO');
    const kicked = await newUser(t, 'gzK');
    const quitter = await newUser(t, 'gzQ');
    const stayer = await newUser(t, 'gzS');
    const g = await createGroup(t, owner, [kicked, quitter, stayer]);
    await sentGroup(t, owner, g, 'before');
    await must(t, owner, `${G}/member/remove`, { groupNumber: g.groupNumber, wtIds: [kicked.wtId] });
    await must(t, quitter, `${G}/member/quit`, { groupNumber: g.groupNumber });
    await sentGroup(t, owner, g, 'after they left');

    for (const [user, state, last] of [
      [kicked, 4, 'kick'],
      [quitter, 8, 'quit'],
    ] as const) {
      const c = await groupConversation(t, user, g);
      expect(c.state).toBe(state);
      const h = await groupHistory(t, user, g);
      expect(
        h.map((m) => m.payload.text ?? (m.payload as { operationType: string }).operationType).at(-1),
      ).toBe(last);
      const refused = await sendGroup(t, user, g, 'let me in');
      expect(refused).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    }

    await must(t, owner, `${G}/remove`, { groupNumber: g.groupNumber });
    const c = await groupConversation(t, stayer, g);
    expect(c.state).toBe(5);
    expect(
      ((await groupHistory(t, stayer, g)).at(-1)!.payload as { operationType: string }).operationType,
    ).toBe('dismiss');
    const dissolved = await sendGroup(t, stayer, g, 'anyone?');
    expect([dissolved.code, dissolved.msg]).toEqual([22001, '群聊不存在']);
    // The removed member's state stays 4.
    expect((await groupConversation(t, kicked, g)).state).toBe(4);
  });
});
