import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Conversation, type Counters, type Message } from '@parley/protocol';
import { api, FakeClock, openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, c2c, conversation, fullHistory, post, sent, userOn } from './helpers.js';

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

type Page = { conversations: Conversation[]; nextCursor: number; isFinished: boolean };
const list = async (u: Awaited<ReturnType<typeof userOn>>, body: Record<string, unknown> = {}) =>
  (await post<Page>(t, u, '/conversation/list', body)).data;
const ids = (p: Page) => p.conversations.map((c) => c.conversationID);

describe('conversation list', () => {
  it('pinned first, then last activity; paged; unread excludes own messages', async () => {
    const me = await userOn(t, 'listMe');
    const [x, y, z] = [await userOn(t, 'listX'), await userOn(t, 'listY'), await userOn(t, 'listZ')];
    for (const p of [x, y, z]) await befriend(t, me, p);
    for (const p of [x, y, z]) {
      clock.advance(1000);
      await sent(t, p, me, `hi from ${p.wtId}`);
    }
    clock.advance(1000);
    await sent(t, me, x, 'reply to x');
    expect(ids(await list(me))).toEqual([c2c(x), c2c(z), c2c(y)]);

    expect((await post(t, me, '/conversation/pin', { conversationID: c2c(y), isPinned: true })).code).toBe(
      200,
    );
    expect(ids(await list(me))).toEqual([c2c(y), c2c(x), c2c(z)]);
    const first = await list(me, { count: 2 });
    expect([ids(first), first.isFinished]).toEqual([[c2c(y), c2c(x)], false]);
    const second = await list(me, { cursor: first.nextCursor, count: 2 });
    expect([ids(second), second.isFinished]).toEqual([[c2c(z)], true]);

    const byId = new Map((await list(me)).conversations.map((c) => [c.conversationID, c]));
    // x: one message from x, then my reply (own messages are not unread; replying reads).
    expect(byId.get(c2c(x))).toMatchObject({ unreadCount: 0, isPinned: false });
    expect(byId.get(c2c(y))).toMatchObject({ unreadCount: 1, isPinned: true });
    expect(byId.get(c2c(z))!.lastMessage).toMatchObject({
      fromAccount: z.wtId,
      payload: { text: `hi from ${z.wtId}` },
    });
    const counters = await api<Counters>(t, 'GET', '/user/counters', { token: me.token });
    expect(counters.data.unread).toBe(2);
  });
});

describe('mute, archive and the fold rules', () => {
  it('folding mutes; unmuting unfolds; muting leaves the archive; move all out', async () => {
    const me = await userOn(t, 'foldMe');
    const [x, y] = [await userOn(t, 'foldX'), await userOn(t, 'foldY')];
    for (const p of [x, y]) {
      await befriend(t, me, p);
      await sent(t, p, me, 'hello');
    }
    const mark = (list: string[], enable: boolean) =>
      post<{ conversations: Conversation[] }>(t, me, '/conversation/mark', {
        conversationIDList: list,
        markType: 4,
        enable,
      });

    expect(await mark([c2c(x), 'C2Cnobody_at_all'], true)).toMatchObject(Errors.userNotFound);
    expect((await conversation(t, me, x)).markList).toEqual([]);

    const folded = await mark([c2c(x), c2c(y)], true);
    expect(folded.data.conversations.map((c) => [c.markList, c.isMuted])).toEqual([
      [[4], true],
      [[4], true],
    ]);
    expect(ids(await list(me, { markType: 4 }))).toHaveLength(2);
    // Muted conversations do not count in the total badge.
    expect((await api<Counters>(t, 'GET', '/user/counters', { token: me.token })).data.unread).toBe(0);

    const unmuted = await post<Conversation>(t, me, '/conversation/mute', {
      conversationID: c2c(x),
      isMuted: false,
    });
    expect([unmuted.data.isMuted, unmuted.data.markList]).toEqual([false, []]);
    const muted = await post<Conversation>(t, me, '/conversation/mute', {
      conversationID: c2c(y),
      isMuted: true,
    });
    expect([muted.data.isMuted, muted.data.markList]).toEqual([true, []]);

    await mark([c2c(x), c2c(y)], true);
    const out = await mark([], false);
    expect(out.data.conversations.map((c) => c.markList)).toEqual([[], []]);
    expect(ids(await list(me, { markType: 4 }))).toEqual([]);
  });
});

describe('archive restores the mute state; mark as unread', () => {
  it('moving out gives back the mute state from before folding (one by one and all at once)', async () => {
    const me = await userOn(t, 'restoreMe');
    const [x, y] = [await userOn(t, 'restoreX'), await userOn(t, 'restoreY')];
    for (const p of [x, y]) {
      await befriend(t, me, p);
      await sent(t, p, me, 'hello');
    }
    const mark = (list: string[], enable: boolean) =>
      post<{ conversations: Conversation[] }>(t, me, '/conversation/mark', {
        conversationIDList: list,
        markType: 4,
        enable,
      });
    await post(t, me, '/conversation/mute', { conversationID: c2c(y), isMuted: true });
    const folded = await mark([c2c(x), c2c(y)], true);
    expect(folded.data.conversations.map((c) => c.isMuted)).toEqual([true, true]);
    const one = await mark([c2c(x)], false);
    expect(one.data.conversations.map((c) => [c.isMuted, c.markList])).toEqual([[false, []]]);
    await mark([c2c(x)], true);
    const all = await mark([], false);
    const state = new Map(all.data.conversations.map((c) => [c.conversationID, c.isMuted]));
    expect([state.get(c2c(x)), state.get(c2c(y))]).toEqual([false, true]);
    // Both sides come out as they were, also as the list reads them after.
    expect([(await conversation(t, me, x)).isMuted, (await conversation(t, me, y)).isMuted]).toEqual([
      false,
      true,
    ]);
  });

  it('mark as unread: listed as 2, reaches the other tab, reading takes it off; bad markType is refused', async () => {
    const me = await userOn(t, 'unreadMe');
    const x = await userOn(t, 'unreadX');
    await befriend(t, me, x);
    await sent(t, x, me, 'hello');
    await post(t, me, '/conversation/read', { conversationID: c2c(x) });
    const other = await openSocket(t, me.token);
    sockets.push(other);
    await other.next((f) => f.type === 'hello');
    const on = await post<{ conversations: Conversation[] }>(t, me, '/conversation/mark', {
      conversationIDList: [c2c(x)],
      markType: 2,
      enable: true,
    });
    expect(on.data.conversations.map((c) => [c.markList, c.unreadCount])).toEqual([[[2], 0]]);
    expect((await other.next((f) => f.type === 'conversation.updated')).data as Conversation).toMatchObject({
      conversationID: c2c(x),
      markList: [2],
    });
    expect((await list(me)).conversations.find((c) => c.conversationID === c2c(x))!.markList).toEqual([2]);
    // Opening the chat reads it: the mark goes, on every tab.
    const read = await post<Conversation>(t, me, '/conversation/read', { conversationID: c2c(x) });
    expect(read.data.markList).toEqual([]);
    expect(
      (
        await other.next(
          (f) => f.type === 'conversation.updated' && (f.data as Conversation).markList.length === 0,
        )
      ).data,
    ).toMatchObject({ conversationID: c2c(x) });
    // Taken off by hand, and the other kind of mark is untouched.
    await post(t, me, '/conversation/mark', { conversationIDList: [c2c(x)], markType: 2, enable: true });
    await post(t, me, '/conversation/mark', { conversationIDList: [c2c(x)], markType: 4, enable: true });
    const off = await post<{ conversations: Conversation[] }>(t, me, '/conversation/mark', {
      conversationIDList: [c2c(x)],
      markType: 2,
      enable: false,
    });
    expect(off.data.conversations[0]!.markList).toEqual([4]);
    const bad = await post(t, me, '/conversation/mark', {
      conversationIDList: [c2c(x)],
      markType: 3,
      enable: true,
    });
    expect([bad.code, bad.msg]).toEqual([400, '标记类型格式不正确']);
  });
});

describe('remark, draft, other tabs', () => {
  it('customData and draft are stored and reach the other tabs as conversation.updated', async () => {
    const me = await userOn(t, 'drMe');
    const x = await userOn(t, 'drX'); // not a friend, no message yet
    const other = await openSocket(t, me.token);
    sockets.push(other);
    await other.next((f) => f.type === 'hello');

    const draft = {
      html: '<p>half <b>written</b></p>',
      abstract: 'half written',
      messageID: '',
      type: 'text',
    };
    const saved = await post<Conversation>(t, me, '/conversation/draft', { conversationID: c2c(x), draft });
    expect(saved.data).toMatchObject({ draft, draftText: 'half written' });
    expect((await other.next((f) => f.type === 'conversation.updated')).data).toMatchObject({ draft });
    expect((await conversation(t, me, x)).draft).toEqual(draft);
    // A draft lists a conversation that has no message yet.
    expect(ids(await list(me))).toEqual([c2c(x)]);
    await post(t, me, '/conversation/draft', { conversationID: c2c(x), draft: null });
    expect((await conversation(t, me, x)).draft).toBeNull();

    const cd = await post<Conversation>(t, me, '/conversation/customData', {
      conversationID: c2c(x),
      customData: '{"remark":"老王"}',
    });
    expect(cd.data.customData).toBe('{"remark":"老王"}');
    expect((await conversation(t, x, me)).customData).toBe('');
  });
});

describe('delete and clear', () => {
  it('clearHistory hides the history for the caller only', async () => {
    const me = await userOn(t, 'clrMe');
    const x = await userOn(t, 'clrX');
    await befriend(t, me, x);
    await sent(t, x, me, 'one');
    await sent(t, me, x, 'two');
    const res = await post<Conversation>(t, me, '/conversation/clearHistory', { conversationID: c2c(x) });
    expect(res).toMatchObject({
      code: 200,
      msg: '清空聊天记录成功',
      data: { lastMessage: null, unreadCount: 0 },
    });
    expect(await fullHistory(t, me, x)).toEqual([]);
    expect((await fullHistory(t, x, me)).map((m) => m.payload.text ?? m.type)).toEqual([
      'custom',
      'one',
      'two',
    ]);
    await sent(t, x, me, 'three');
    expect((await fullHistory(t, me, x)).map((m) => m.payload.text)).toEqual(['three']);
  });

  it('delete removes it from the list until the next message; without clearHistory the history stays', async () => {
    const me = await userOn(t, 'delMe');
    const x = await userOn(t, 'delX');
    await befriend(t, me, x);
    await sent(t, x, me, 'keep me');
    const del = await post(t, me, '/conversation/delete', { conversationID: c2c(x), clearHistory: false });
    expect(del).toMatchObject({ code: 200, msg: '删除成功', data: { conversationID: c2c(x) } });
    expect(ids(await list(me))).toEqual([]);
    expect((await fullHistory(t, me, x)).map((m) => m.payload.text).filter(Boolean)).toEqual(['keep me']);
    await sent(t, x, me, 'back');
    expect(ids(await list(me))).toEqual([c2c(x)]);
  });

  it("deleting a friend removes the deleter's conversation and history, not the friend's", async () => {
    const me = await userOn(t, 'dfMe');
    const x = await userOn(t, 'dfX');
    await befriend(t, me, x);
    await sent(t, x, me, 'before');
    const tab = await openSocket(t, me.token);
    sockets.push(tab);
    await tab.next((f) => f.type === 'hello');
    expect((await post(t, me, '/userFriends/delete', { friendsWtId: x.wtId })).code).toBe(200);
    expect((await tab.next((f) => f.type === 'conversation.deleted')).data).toEqual({
      conversationID: c2c(x),
    });
    expect(ids(await list(me))).toEqual([]);
    expect(await fullHistory(t, me, x)).toEqual([]);
    expect((await fullHistory(t, x, me)).map((m) => m.payload.text).filter(Boolean)).toEqual(['before']);
  });
});

describe('friend notices', () => {
  it('accepting stores the add-friend notice for both (not unread); blacklisting and sendCustomMessage store theirs for the sender', async () => {
    const a = await userOn(t, 'ntA');
    const b = await userOn(t, 'ntB');
    await befriend(t, a, b);
    const [ha, hb] = [await fullHistory(t, a, b), await fullHistory(t, b, a)];
    const notice = { type: 'custom', payload: { data: '{"businessID":"CustomMsg_Type_addFriend"}' } };
    expect(ha).toMatchObject([notice]);
    expect(hb).toMatchObject([notice]);
    expect((await conversation(t, a, b)).unreadCount).toBe(0);

    // Blacklisting keeps its notice in the blocker's conversation (the server announces it itself).
    expect((await post(t, a, '/user/friendBlack/add', { friendWtId: b.wtId })).code).toBe(200);
    const addBlack = '{"businessID":"CustomMsg_Type_addBlack"}';
    const addFriend = '{"businessID":"CustomMsg_Type_addFriend"}';
    expect((await fullHistory(t, a, b)).map((m: Message) => m.payload.data)).toEqual([addFriend, addBlack]);
    // Another client asking for the same notice explicitly gets it stored too.
    const res = await post(t, a, '/user/sendCustomMessage', {
      fromWtId: a.wtId,
      toWtId: b.wtId,
      type: 'CustomMsg_Type_addBlack',
    });
    expect(res.code).toBe(200);
    const mine = (await fullHistory(t, a, b)).map((m: Message) => m.payload.data);
    expect(mine).toEqual([addFriend, addBlack, addBlack]);
    // Silent to the other side.
    expect(await fullHistory(t, b, a)).toHaveLength(1);
  });
});

describe('counter pushes', () => {
  it('new messages push no counters (clients count them); a read pushes the exact total', async () => {
    const me = await userOn(t, 'pushMe');
    const x = await userOn(t, 'pushX');
    const y = await userOn(t, 'pushY');
    const socket = await openSocket(t, me.token);
    sockets.push(socket);
    await socket.next((f) => f.type === 'hello');
    for (const text of ['one', 'two', 'three']) await sent(t, x, me, text);
    await sent(t, y, me, 'four');
    await expect.poll(() => socket.frames.filter((f) => f.type === 'message.new').length).toBe(4);
    const lastNew = socket.frames.findLastIndex((f) => f.type === 'message.new');
    expect((await post(t, me, '/conversation/read', { conversationID: c2c(x) })).code).toBe(200);
    const push = await socket.next((f) => f.type === 'counters.updated');
    expect(push.data).toMatchObject({ unread: 1 });
    // The first counters frame is the read's: the four messages pushed none.
    expect(socket.frames.indexOf(push)).toBeGreaterThan(lastNew);
  });
});

describe('stored unread counts', () => {
  it('follow new messages, revokes, deletes for me, reads, clears and replies', async () => {
    const me = await userOn(t, 'countMe');
    const x = await userOn(t, 'countX');
    await befriend(t, me, x);
    const unread = async () => ({
      conversation: (await conversation(t, me, x)).unreadCount,
      total: (await api<Counters>(t, 'GET', '/user/counters', { token: me.token })).data.unread,
    });
    const m = [];
    for (const text of ['1', '2', '3', '4', '5']) m.push(await sent(t, x, me, text));
    expect(await unread()).toEqual({ conversation: 5, total: 5 });
    expect((await post(t, x, '/message/revoke', { messageID: m[4]!.ID })).code).toBe(200);
    expect(await unread()).toEqual({ conversation: 4, total: 4 });
    expect((await post(t, me, '/message/delete', { messageIDs: [m[0]!.ID] })).code).toBe(200);
    expect(await unread()).toEqual({ conversation: 3, total: 3 });
    expect(
      (await post(t, me, '/conversation/read', { conversationID: c2c(x), seq: m[2]!.sequence })).code,
    ).toBe(200);
    expect(await unread()).toEqual({ conversation: 1, total: 1 });
    await sent(t, x, me, '6');
    expect(await unread()).toEqual({ conversation: 2, total: 2 });
    expect((await post(t, me, '/conversation/clearHistory', { conversationID: c2c(x) })).code).toBe(200);
    expect(await unread()).toEqual({ conversation: 0, total: 0 });
    await sent(t, x, me, '7');
    await sent(t, me, x, 'my reply reads everything');
    expect(await unread()).toEqual({ conversation: 0, total: 0 });
  });
});
