import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket, type TestUser } from '../helpers.js';
import { befriend, c2c, fullHistory, post, sent, sync, userOn } from './helpers.js';

let t: TestServer;
const sockets: TestSocket[] = [];
let a: TestUser;
let b: TestUser;
let eve: TestUser;
let secret: Message;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
  a = await userOn(t, 'pairA');
  b = await userOn(t, 'pairB');
  eve = await userOn(t, 'eve');
  await befriend(t, a, b);
  await befriend(t, eve, a);
  secret = await sent(t, a, b, '你好吗 the secret plan');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

type Search = { messages: Message[]; nextCursor: number | null };
const search = (u: TestUser, body: Record<string, unknown>) => post<Search>(t, u, '/message/search', body);

describe("another pair's conversation is never reachable", () => {
  it('revoke, delete and read by message ID answer 404 like a missing message', async () => {
    const notFound = { status: 404, code: 404, msg: '访问资源不存在' };
    expect(await post(t, eve, '/message/revoke', { messageID: secret.ID })).toMatchObject(notFound);
    expect(await post(t, eve, '/message/revoke', { messageID: 'nope' })).toMatchObject(notFound);
    expect(await post(t, eve, '/message/delete', { messageIDs: [secret.ID] })).toMatchObject(notFound);
    // The message is untouched for its own readers.
    expect((await fullHistory(t, b, a)).find((m) => m.ID === secret.ID)).toMatchObject({
      isRevoked: false,
      isDeleted: false,
    });
  });

  it("history, read and sync name only the caller's own side", async () => {
    // C2C<b> for eve is eve's conversation with b: empty, whatever a and b said.
    expect(await fullHistory(t, eve, b)).toEqual([]);
    const read = await post(t, eve, '/conversation/read', { conversationID: c2c(b) });
    expect(read).toMatchObject({ code: 200, data: { conversationID: c2c(b), lastSequence: 0 } });
    expect((await fullHistory(t, b, a)).find((m) => m.ID === secret.ID)!.isPeerRead).toBe(false);
    const all = await sync(t, eve, 0);
    expect(all.messages.some((m) => m.ID === secret.ID)).toBe(false);
  });

  it("search never returns another user's messages", async () => {
    expect((await search(eve, { keyword: 'secret' })).data.messages).toEqual([]);
    expect((await search(eve, { keyword: 'secret', conversationID: c2c(b) })).data.messages).toEqual([]);
    expect((await search(eve, { keyword: 'secret', conversationID: c2c(a) })).data.messages).toEqual([]);
  });
});

describe('search', () => {
  it('finds Chinese substrings (你好 finds 你好吗), case-insensitive, in the conversations the caller sees', async () => {
    const found = await search(b, { keyword: '你好' });
    expect(found.data.messages.map((m) => m.ID)).toEqual([secret.ID]);
    expect((await search(b, { keyword: 'SECRET', conversationID: c2c(a) })).data.messages).toHaveLength(1);
    expect((await search(a, { keyword: '好吗' })).data.messages[0]).toMatchObject({ flow: 'out' });
    expect((await search(b, { keyword: '100%' })).data.messages).toEqual([]);
  });

  it('leaves out revoked, deleted-for-me and cleared messages, and pages with a cursor', async () => {
    const x = await userOn(t, 'srX');
    const y = await userOn(t, 'srY');
    await befriend(t, x, y);
    const ms: Message[] = [];
    for (let i = 0; i < 25; i++) ms.push(await sent(t, x, y, `needle ${i}`));
    const first = await search(y, { keyword: 'needle' });
    expect(first.data.messages).toHaveLength(20);
    expect(first.data.messages[0]!.ID).toBe(ms[24]!.ID);
    const second = await search(y, { keyword: 'needle', cursor: first.data.nextCursor });
    expect([second.data.messages.length, second.data.nextCursor]).toEqual([5, null]);

    await post(t, x, '/message/revoke', { messageID: ms[24]!.ID });
    await post(t, y, '/message/delete', { messageIDs: [ms[23]!.ID] });
    const now = (await search(y, { keyword: 'needle' })).data.messages.map((m) => m.ID);
    expect(now).not.toContain(ms[24]!.ID);
    expect(now).not.toContain(ms[23]!.ID);
    // x deleted nothing: only the revoke is gone for x.
    expect((await search(x, { keyword: 'needle 23' })).data.messages).toHaveLength(1);

    await post(t, y, '/conversation/clearHistory', { conversationID: c2c(x) });
    expect((await search(y, { keyword: 'needle' })).data.messages).toEqual([]);
  });

  it('refuses an empty keyword naming the field', async () => {
    expect(await search(b, { keyword: ' ' })).toMatchObject({ code: 400, msg: '关键词不能为空' });
  });
});

describe('contact search (list panel)', () => {
  it('finds friends by nickname, remark or ID, then conversation peers; never strangers', async () => {
    const me = await userOn(t, 'csMe');
    const friend = await userOn(t, 'zhF');
    const stranger = await userOn(t, 'zhS');
    const talker = await userOn(t, 'zhT');
    await befriend(t, me, friend);
    await post(t, me, '/userFriends/update', { friendsWtId: friend.wtId, remark: '老张' });
    await sent(t, talker, me, 'hi');
    type Hits = { contacts: Array<{ userID: string; remark: string; conversationID: string }>; groups: [] };
    const byRemark = await post<Hits>(t, me, '/conversation/search', { keyword: '老张' });
    expect(byRemark.data).toEqual({
      contacts: [
        expect.objectContaining({ userID: friend.wtId, remark: '老张', conversationID: c2c(friend) }),
      ],
      groups: [],
    });
    const byId = await post<Hits>(t, me, '/conversation/search', { keyword: 'ZH' });
    expect(byId.data.contacts.map((c) => c.userID)).toEqual([friend.wtId, talker.wtId]);
    expect(byId.data.contacts.map((c) => c.userID)).not.toContain(stranger.wtId);
  });
});

describe('delete for me', () => {
  it("hides a message for the caller's tabs only; the peer keeps it", async () => {
    const m = await sent(t, a, b, 'delete me');
    const bTab = await openSocket(t, b.token);
    sockets.push(bTab);
    await bTab.next((f) => f.type === 'hello');
    expect(await post(t, b, '/message/delete', { messageIDs: [m.ID] })).toMatchObject({
      code: 200,
      msg: '删除成功',
      data: { messageIDs: [m.ID] },
    });
    expect((await bTab.next((f) => f.type === 'message.updated')).data).toMatchObject({
      ID: m.ID,
      isDeleted: true,
    });
    expect((await fullHistory(t, b, a)).some((x) => x.ID === m.ID)).toBe(false);
    expect((await fullHistory(t, a, b)).some((x) => x.ID === m.ID)).toBe(true);
    // A retry is fine.
    expect((await post(t, b, '/message/delete', { messageIDs: [m.ID] })).code).toBe(200);

    // An unread message deleted for oneself no longer counts as unread.
    await post(t, b, '/conversation/read', { conversationID: c2c(a) });
    const unread = await sent(t, a, b, 'unread then deleted');
    const conv = async () =>
      (await post<{ unreadCount: number }>(t, b, '/conversation/get', { conversationID: c2c(a) })).data;
    expect((await conv()).unreadCount).toBe(1);
    await post(t, b, '/message/delete', { messageIDs: [unread.ID] });
    expect((await conv()).unreadCount).toBe(0);
  });
});
