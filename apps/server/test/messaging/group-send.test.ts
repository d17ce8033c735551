import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AT_ALL, type Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import {
  befriendAll,
  createGroup,
  G,
  gid,
  groupConversation,
  groupHistory,
  must,
  newIn,
  newUser,
  post,
  ready,
  sendGroup,
  sentGroup,
} from './group-helpers.js';

// Group sending (docs/api.md "Group messaging"): live delivery through the group's topic, the send
// rules (membership, mutes, mute-all, @all), mentions, idempotency and the stored group tips.

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('group send', () => {
  it('one send reaches the three members’ sockets; the sender’s ack is its own view', async () => {
    const owner = await newUser(t, 'gsO', '群主');
    const a = await newUser(t, 'gsA', '小李');
    const b = await newUser(t, 'gsB', '小张');
    const g = await createGroup(t, owner, [a, b]);
    const [so, sa, sb] = [await ready(t, owner), await ready(t, a), await ready(t, b)];
    sockets.push(so, sa, sb);

    const ack = await sentGroup(t, owner, g, '大家好');
    expect(ack).toMatchObject({
      conversationID: gid(g),
      conversationType: 'GROUP',
      to: g.groupNumber,
      flow: 'out',
      from: owner.wtId,
      nameCard: '',
    });
    for (const s of [so, sa, sb]) {
      const f = await s.waitFor((x) => x.type === 'message.new' && (x.data as Message).ID === ack.ID);
      const m = f.data as Message;
      // One frame for every member: the reader derives flow from `from`; no per-user push seq.
      expect(m.flow).toBe('in');
      expect(m.sequence).toBe(ack.sequence);
      expect(m.groupVersion).toBeGreaterThan(0);
      expect(f.seq).toBeUndefined();
    }
    // The creation tip came first.
    const history = await groupHistory(t, b, g);
    expect(history.map((m) => m.type)).toEqual(['groupTip', 'text']);
    expect(history[0]!.payload).toMatchObject({
      operationType: 'create',
      opUser: { userID: owner.wtId, nick: '群主' },
      memberList: [{ userID: a.wtId }, { userID: b.wtId }],
    });
    expect(history.map((m) => m.sequence)).toEqual([1, 2]);
  });

  it('refuses non-members (403), muted members (您已被禁言), and members under mute-all (全员禁言中)', async () => {
    const owner = await newUser(t, 'grO');
    const admin = await newUser(t, 'grA');
    const m = await newUser(t, 'grM');
    const muted = await newUser(t, 'grX');
    const outsider = await newUser(t, 'grN');
    const g = await createGroup(t, owner, [admin, m, muted]);
    await must(t, owner, `${G}/admin/addOrRemove`, {
      groupNumber: g.groupNumber,
      wtIds: [admin.wtId],
      identity: 2,
    });

    const stranger = await sendGroup(t, outsider, g, 'hi');
    expect([stranger.status, stranger.code, stranger.msg]).toEqual([403, 403, '当前操作没有权限']);

    await must(t, owner, `${G}/admin/batchMuted`, {
      groupNumber: g.groupNumber,
      wtIds: [muted.wtId],
      muteTime: 600,
    });
    const silenced = await sendGroup(t, muted, g, 'hi');
    expect([silenced.code, silenced.msg]).toEqual([10017, '您已被禁言']);

    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, bannedSwitch: 1 });
    const all = await sendGroup(t, m, g, 'hi');
    expect([all.code, all.msg]).toEqual([10017, '全员禁言中']);
    expect((await sendGroup(t, admin, g, '管理员可以发言')).code).toBe(200);
    expect((await sendGroup(t, owner, g, '群主可以发言')).code).toBe(200);

    // The tips of those changes are in the chat, in order.
    const tips = (await groupHistory(t, m, g))
      .filter((x) => x.type === 'groupTip')
      .map((x) => (x.payload as { operationType: string }).operationType);
    expect(tips).toEqual(['create', 'setAdmin', 'mute', 'muteAll']);
  });

  it('@all only for managers; mentions reach the mentioned member only and clear on read', async () => {
    const owner = await newUser(t, 'gmO');
    const a = await newUser(t, 'gmA');
    const b = await newUser(t, 'gmB');
    const g = await createGroup(t, owner, [a, b]);

    const refused = await sendGroup(t, a, g, '@所有人', { atUserList: [AT_ALL] });
    expect([refused.status, refused.code, refused.msg]).toEqual([403, 403, '当前操作没有权限']);

    const toB = await sentGroup(t, a, g, '@B 看这里', { atUserList: [b.wtId, 'nobody_here'] });
    expect(toB.atUserList).toEqual([b.wtId]);
    expect((await groupConversation(t, b, g)).groupAtInfoList).toEqual([
      { messageID: toB.ID, sequence: toB.sequence, atType: 1 },
    ]);
    expect((await groupConversation(t, owner, g)).groupAtInfoList).toEqual([]);
    expect((await groupConversation(t, a, g)).groupAtInfoList).toEqual([]);

    const everyone = await sentGroup(t, owner, g, '@所有人 开会', { atUserList: [AT_ALL, b.wtId] });
    const forB = (await groupConversation(t, b, g)).groupAtInfoList;
    expect(forB).toEqual([
      { messageID: toB.ID, sequence: toB.sequence, atType: 1 },
      { messageID: everyone.ID, sequence: everyone.sequence, atType: 3 },
    ]);
    expect((await groupConversation(t, a, g)).groupAtInfoList).toEqual([
      { messageID: everyone.ID, sequence: everyone.sequence, atType: 2 },
    ]);

    // Reading past them clears them.
    const read = await must<{ groupAtInfoList: unknown[]; unreadCount: number }>(t, b, '/conversation/read', {
      conversationID: gid(g),
    });
    expect(read.groupAtInfoList).toEqual([]);
    expect(read.unreadCount).toBe(0);
  });

  it('a current member without a conversation row gets one with their first send; an outsider gets 403', async () => {
    const owner = await newUser(t, 'gnrO');
    const a = await newUser(t, 'gnrA');
    const outsider = await newUser(t, 'gnrX');
    const g = await createGroup(t, owner, [a]);
    // A row missing as for a member added before the conversation kept rows for everyone.
    const [gone] = await t.server.ctx.db
      .deleteFrom('conversation_members')
      .where('user_id', '=', (q) => q.selectFrom('users').select('id').where('wt_id', '=', a.wtId))
      .where('conversation_id', 'in', (q) =>
        q
          .selectFrom('conversations as c')
          .innerJoin('groups as gr', 'gr.id', 'c.group_id')
          .select('c.id')
          .where('gr.group_number', '=', g.groupNumber),
      )
      .execute();
    expect(Number(gone!.numDeletedRows)).toBe(1);

    const first = await sentGroup(t, a, g, '我来了');
    expect(first.conversationID).toBe(gid(g));
    expect((await groupHistory(t, owner, g)).map((m) => m.ID)).toContain(first.ID);
    const again = await sentGroup(t, a, g, '还在');
    expect(again.sequence).toBe(first.sequence + 1);

    const refused = await sendGroup(t, outsider, g, '路过');
    expect([refused.status, refused.code, refused.msg]).toEqual([403, 403, '当前操作没有权限']);
  });

  it('three mentioned members each see the mention once; the sender is not mentioned', async () => {
    const owner = await newUser(t, 'gm3O');
    const [a, b, c] = [await newUser(t, 'gm3A'), await newUser(t, 'gm3B'), await newUser(t, 'gm3C')];
    const g = await createGroup(t, owner, [a, b, c]);

    // Four names, one repeated in capitals and the sender's own: three members are mentioned.
    const at = [b.wtId, owner.wtId, c.wtId, b.wtId.toUpperCase(), a.wtId];
    const sent = await sentGroup(t, a, g, '@三位', { atUserList: at });
    expect([...sent.atUserList!].sort()).toEqual([b.wtId, owner.wtId, c.wtId].sort());
    for (const who of [owner, b, c]) {
      expect((await groupConversation(t, who, g)).groupAtInfoList).toEqual([
        { messageID: sent.ID, sequence: sent.sequence, atType: 1 },
      ]);
    }
    expect((await groupConversation(t, a, g)).groupAtInfoList).toEqual([]);
  });

  it('stores the tips of joins (with the welcome text), profile changes, transfer and quit', async () => {
    const owner = await newUser(t, 'gwO', '老王');
    const a = await newUser(t, 'gwA', '小李');
    const b = await newUser(t, 'gwB', '小张');
    const g = await createGroup(t, owner, [a]);
    await must(t, owner, `${G}/admin/setWelcomeMsg`, {
      groupNumber: g.groupNumber,
      groupWelcomeMsg: '欢迎新朋友',
    });
    await befriendAll(t, owner, [b]);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [b.wtId] });
    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, groupName: '新群名', inviteSwitch: 1 });
    await must(t, owner, `${G}/transfer`, { groupNumber: g.groupNumber, wtId: a.wtId });
    await must(t, owner, `${G}/member/quit`, { groupNumber: g.groupNumber });
    const tips = (await groupHistory(t, b, g)).map((m) => m.payload as Record<string, unknown>);
    expect(tips.map((p) => p.operationType)).toEqual(['join', 'welcome', 'profile', 'transfer', 'quit']);
    expect(tips[1]).toMatchObject({ text: '欢迎新朋友', memberList: [{ userID: b.wtId, nick: '小张' }] });
    expect(tips[2]).toMatchObject({
      opUser: { userID: owner.wtId, nick: '老王' },
      newGroupProfile: { name: '新群名' },
    });
    expect(tips[3]).toMatchObject({ memberList: [{ userID: a.wtId, nick: '小李' }] });
  });

  it('a retried clientMsgId answers the stored message and stores nothing new', async () => {
    const owner = await newUser(t, 'giO');
    const a = await newUser(t, 'giA');
    const g = await createGroup(t, owner, [a]);
    const body = { conversationID: gid(g), clientMsgId: 'retry-1', type: 'text', payload: { text: 'once' } };
    const [x, y] = await Promise.all([
      post<Message>(t, a, '/message/send', body),
      post<Message>(t, a, '/message/send', body),
    ]);
    const z = await post<Message>(t, a, '/message/send', body);
    expect(x.data.ID).toBe(y.data.ID);
    expect(z.data.ID).toBe(x.data.ID);
    expect((await groupHistory(t, owner, g)).filter((m) => m.type === 'text')).toHaveLength(1);
  });

  it('live frames follow joins and removals: a removed member’s socket stops receiving', async () => {
    const owner = await newUser(t, 'gtO');
    const a = await newUser(t, 'gtA');
    const late = await newUser(t, 'gtL');
    const g = await createGroup(t, owner, [a]);
    const [sa, sl] = [await ready(t, a), await ready(t, late)];
    sockets.push(sa, sl);

    await befriendAll(t, owner, [late]);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [late.wtId] });
    const hello = await sentGroup(t, owner, g, 'welcome');
    await sl.waitFor((f) => f.type === 'message.new' && (f.data as Message).ID === hello.ID);

    await must(t, owner, `${G}/member/remove`, { groupNumber: g.groupNumber, wtIds: [late.wtId] });
    const after = await sentGroup(t, owner, g, 'not for you');
    await sa.waitFor((f) => f.type === 'message.new' && (f.data as Message).ID === after.ID);
    // An event of late's own, published after that message: frames reach a socket in publish order,
    // so had late still been on the topic, its copy would have come first.
    await must(t, late, '/conversation/pin', { conversationID: gid(g), isPinned: true });
    await sl.waitFor((f) => f.type === 'conversation.updated');
    expect((await groupConversation(t, late, g)).state).toBe(4);
    const seen = newIn(sl, gid(g)).map((m) => m.ID);
    expect(seen).toContain(hello.ID);
    expect(seen).not.toContain(after.ID);
    // The removal tip was the last thing it saw.
    const last = newIn(sl, gid(g)).at(-1)!;
    expect((last.payload as { operationType: string }).operationType).toBe('kick');
  });

  it('typing in a group chat is answered and reaches no member', async () => {
    const owner = await newUser(t, 'gtO', '群主');
    const a = await newUser(t, 'gtA', '小李');
    const g = await createGroup(t, owner, [a]);
    const [so, sa] = [await ready(t, owner), await ready(t, a)];
    sockets.push(so, sa);
    so.send({ id: 'gt1', type: 'typing', data: { conversationID: gid(g) } });
    expect(await so.waitFor((f) => f.type === 'ack' && f.id === 'gt1')).toMatchObject({
      code: 200,
      data: null,
    });
    // A message sent after it reaches the member; a typing frame would have come first.
    const after = await sentGroup(t, owner, g, 'after typing');
    await sa.waitFor((f) => f.type === 'message.new' && (f.data as Message).ID === after.ID);
    expect(sa.frames.filter((f) => f.type === 'typing')).toEqual([]);
  });
});
