import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestSocket, type TestUser } from '../helpers.js';
import { createGroup, G, gid, must, newUser, post, ready, sentGroup } from './group-helpers.js';

// Group read receipts (counts and the read-member list) and what someone outside the group may do.

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

type Members = {
  members: Array<{ userID: string; nameCard: string }>;
  nextCursor: string | null;
  isCompleted: boolean;
};

describe('group read receipts', () => {
  it('counts readers per message, lists them by filter with a cursor; only the sender asks', async () => {
    const owner = await newUser(t, 'grcO');
    const readers: TestUser[] = [];
    for (let i = 0; i < 5; i++) readers.push(await newUser(t, `grc${i}`));
    const g = await createGroup(t, owner, readers);
    await must(t, readers[0]!, `${G}/member/editGroup`, {
      groupNumber: g.groupNumber,
      groupNickname: '零号',
    });
    const so = await ready(t, owner);
    sockets.push(so);
    const msg = await sentGroup(t, owner, g, '收到请回复', { needReadReceipt: true });

    const counts = () =>
      must<Array<{ messageID: string; readCount: number; unreadCount: number }>>(
        t,
        owner,
        '/message/readReceipts',
        {
          conversationID: gid(g),
          messageIDs: [msg.ID],
        },
      );
    expect(await counts()).toEqual([{ messageID: msg.ID, readCount: 0, unreadCount: 5 }]);
    for (const r of readers.slice(0, 3)) await must(t, r, '/conversation/read', { conversationID: gid(g) });
    // The sender's socket hears about reads on the topic.
    const read = await so.waitFor((f) => f.type === 'group.read');
    expect(read.data).toMatchObject({ conversationID: gid(g), seq: msg.sequence });
    expect(await counts()).toEqual([{ messageID: msg.ID, readCount: 3, unreadCount: 2 }]);

    const page1 = await must<Members>(t, owner, '/message/readMembers', {
      conversationID: gid(g),
      messageID: msg.ID,
      filter: 0,
      count: 2,
    });
    expect(page1.members).toHaveLength(2);
    expect(page1.isCompleted).toBe(false);
    const page2 = await must<Members>(t, owner, '/message/readMembers', {
      conversationID: gid(g),
      messageID: msg.ID,
      filter: 0,
      count: 2,
      cursor: page1.nextCursor,
    });
    expect(page2).toMatchObject({ isCompleted: true, nextCursor: null });
    const readIds = [...page1.members, ...page2.members].map((m) => m.userID).sort();
    expect(readIds).toEqual(
      readers
        .slice(0, 3)
        .map((r) => r.wtId)
        .sort(),
    );
    expect([...page1.members, ...page2.members].find((m) => m.userID === readers[0]!.wtId)!.nameCard).toBe(
      '零号',
    );
    const unread = await must<Members>(t, owner, '/message/readMembers', {
      conversationID: gid(g),
      messageID: msg.ID,
      filter: 1,
    });
    expect(unread.members.map((m) => m.userID).sort()).toEqual(
      readers
        .slice(3)
        .map((r) => r.wtId)
        .sort(),
    );

    // Someone else's message: 403 for counts and lists.
    const notMine = await post(t, readers[0]!, '/message/readReceipts', {
      conversationID: gid(g),
      messageIDs: [msg.ID],
    });
    expect(notMine).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    const notMineList = await post(t, readers[0]!, '/message/readMembers', {
      conversationID: gid(g),
      messageID: msg.ID,
      filter: 0,
    });
    expect(notMineList).toMatchObject(Errors.forbidden);
  });

  it('a non-member reads, searches, reads receipts, revokes and marks nothing of the group', async () => {
    const owner = await newUser(t, 'gidO');
    const a = await newUser(t, 'gidA');
    const outsider = await newUser(t, 'gidX');
    const g = await createGroup(t, owner, [a]);
    const msg = await sentGroup(t, owner, g, 'secret plans');
    const so = await ready(t, outsider);
    sockets.push(so);
    const attempts: Array<[string, unknown]> = [
      ['/message/history', { conversationID: gid(g) }],
      ['/message/search', { keyword: 'secret', conversationID: gid(g) }],
      ['/conversation/read', { conversationID: gid(g) }],
      ['/conversation/get', { conversationID: gid(g) }],
      ['/conversation/pin', { conversationID: gid(g), isPinned: true }],
      ['/message/revoke', { messageID: msg.ID }],
      ['/message/readReceipts', { conversationID: gid(g), messageIDs: [msg.ID] }],
      ['/message/readMembers', { conversationID: gid(g), messageID: msg.ID, filter: 0 }],
      [`${G}/admin/revokeAll`, { groupNumber: g.groupNumber, wtId: owner.wtId, seq: 10 }],
    ];
    for (const [url, body] of attempts) {
      const res = await post(t, outsider, url, body);
      expect({ url, status: res.status, code: res.code, msg: res.msg }).toEqual({ url, ...Errors.forbidden });
    }
    // Global search does not reach into the group either.
    const found = await must<{ messages: Message[] }>(t, outsider, '/message/search', { keyword: 'secret' });
    expect(found.messages).toEqual([]);
    // And its socket never got the group's frames.
    await sentGroup(t, owner, g, 'more secrets');
    await must(t, outsider, '/conversation/list', {});
    expect(so.frames.some((f) => f.type === 'message.new')).toBe(false);
  });

  it('someone who left finds what was said while they were in, nothing after, in any search', async () => {
    const owner = await newUser(t, 'gsrO');
    const quitter = await newUser(t, 'gsrQ');
    const g = await createGroup(t, owner, [quitter]);
    const before = await sentGroup(t, owner, g, 'walnut before');
    await must(t, quitter, `${G}/member/quit`, { groupNumber: g.groupNumber });
    await sentGroup(t, owner, g, 'walnut after');
    type Found = { messages: Message[] };
    const global = await must<Found>(t, quitter, '/message/search', { keyword: 'walnut' });
    expect(global.messages.map((m) => m.ID)).toEqual([before.ID]);
    const inGroup = await must<Found>(t, quitter, '/message/search', {
      keyword: 'walnut',
      conversationID: gid(g),
    });
    expect(inGroup.messages.map((m) => m.ID)).toEqual([before.ID]);
    // The owner, still in, finds both.
    expect((await must<Found>(t, owner, '/message/search', { keyword: 'walnut' })).messages).toHaveLength(2);
  });
});
