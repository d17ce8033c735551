import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type ReactionChanged, type ReactionSummary } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, history, newUser, post, sent, sync } from '../messaging/helpers.js';
import { createGroup, gid, groupHistory, groupSync, ready, sentGroup } from '../messaging/group-helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type One = { messageID: string; reactionList: ReactionSummary[] };
const react = (u: TestUser, messageID: string, emoji: string, on = true) =>
  post<One>(t, u, on ? '/message/reaction/add' : '/message/reaction/remove', { messageID, emoji });
const listOf = async (u: TestUser, conversationID: string, messageIDs: string[]) =>
  (await post<{ list: One[] }>(t, u, '/message/reaction/list', { conversationID, messageIDs })).data.list;

describe('reactions', () => {
  it('one-to-one: per-emoji counts, reactedByMe, live to both sides, removal', async () => {
    const a = await newUser(t, 'ra');
    const b = await newUser(t, 'rb');
    await befriend(t, a, b);
    const m = await sent(t, a, b, '周末去爬山？');
    const sb = await openSocket(t, b.token);
    await sb.next((f) => f.type === 'hello');

    const first = await react(a, m.ID, '👍');
    expect(first.data).toEqual({
      messageID: m.ID,
      reactionList: [{ emoji: '👍', totalUserCount: 1, reactedByMe: true }],
    });
    const live = await sb.next((f) => f.type === 'message.reaction');
    expect(live.data as ReactionChanged).toEqual({
      conversationID: `C2C${a.wtId}`,
      messageID: m.ID,
      wtId: a.wtId,
      emoji: '👍',
      added: true,
      totals: [{ emoji: '👍', totalUserCount: 1 }],
    });
    await react(b, m.ID, '👍');
    await react(b, m.ID, '😂');
    expect((await react(b, m.ID, '😂')).code).toBe(200); // again: unchanged
    expect(await listOf(b, `C2C${a.wtId}`, [m.ID])).toEqual([
      {
        messageID: m.ID,
        reactionList: [
          { emoji: '👍', totalUserCount: 2, reactedByMe: true },
          { emoji: '😂', totalUserCount: 1, reactedByMe: true },
        ],
      },
    ]);
    const removed = await react(a, m.ID, '👍', false);
    expect(removed.data.reactionList).toEqual([
      { emoji: '👍', totalUserCount: 1, reactedByMe: false },
      { emoji: '😂', totalUserCount: 1, reactedByMe: false },
    ]);
    const gone = await sb.next((f) => f.type === 'message.reaction' && !(f.data as ReactionChanged).added);
    expect((gone.data as ReactionChanged).totals).toEqual([
      { emoji: '👍', totalUserCount: 1 },
      { emoji: '😂', totalUserCount: 1 },
    ]);
    sb.close();
  });

  it('group: every member sees it live; non-members and revoked messages answer 24040', async () => {
    const owner = await newUser(t, 'go');
    const m1 = await newUser(t, 'gm');
    const outsider = await newUser(t, 'gx');
    const g = await createGroup(t, owner, [m1]);
    const msg = await sentGroup(t, owner, g, '今晚聚餐');
    const s1 = await ready(t, m1);
    await react(owner, msg.ID, '🎉');
    const live = await s1.next((f) => f.type === 'message.reaction');
    expect(live.data).toMatchObject({
      conversationID: gid(g),
      messageID: msg.ID,
      wtId: owner.wtId,
      added: true,
    });
    expect((await listOf(m1, gid(g), [msg.ID]))[0]!.reactionList).toEqual([
      { emoji: '🎉', totalUserCount: 1, reactedByMe: false },
    ]);
    // An outsider can neither react nor read the reactions.
    expect(await react(outsider, msg.ID, '🎉')).toMatchObject(Errors.reactionMessageNotFound);
    expect(await listOf(outsider, gid(g), [msg.ID])).toEqual([]);
    s1.close();

    // A revoked one-to-one message takes no reactions.
    const a = await newUser(t, 'ra');
    const b = await newUser(t, 'rb');
    await befriend(t, a, b);
    const m = await sent(t, a, b, 'oops');
    await post(t, a, '/message/revoke', { messageID: m.ID });
    expect(await react(b, m.ID, '👍')).toMatchObject(Errors.reactionMessageNotFound);
    expect(await react(outsider, m.ID, '👍')).toMatchObject(Errors.reactionMessageNotFound);
  });

  it('at most 20 different emoji on a message; an emoji is 1–8 characters', async () => {
    const a = await newUser(t, 'ra');
    const b = await newUser(t, 'rb');
    await befriend(t, a, b);
    const m = await sent(t, a, b, 'many');
    const emoji = [
      '😀',
      '😁',
      '😂',
      '🤣',
      '😃',
      '😄',
      '😅',
      '😆',
      '😉',
      '😊',
      '😋',
      '😎',
      '😍',
      '😘',
      '🥰',
      '😗',
      '😙',
      '🥲',
      '😚',
      '🙂',
    ];
    for (const e of emoji) expect((await react(a, m.ID, e)).code).toBe(200);
    expect(await react(a, m.ID, '🤗')).toMatchObject(Errors.reactionLimit);
    expect((await react(b, m.ID, '😀')).data.reactionList[0]).toEqual({
      emoji: '😀',
      totalUserCount: 2,
      reactedByMe: true,
    });
    expect((await react(a, m.ID, '👨‍👩‍👧‍👦', false)).code).toBe(200);
    expect(await react(a, m.ID, '123456789')).toMatchObject({ status: 400, msg: '表情不能超过8个字符' });
    expect(await react(a, m.ID, ' ')).toMatchObject({ status: 400, msg: '表情不能为空' });
  });

  it('messages carry their reactionList in history and sync, as each reader sees it', async () => {
    const a = await newUser(t, 'la');
    const b = await newUser(t, 'lb');
    await befriend(t, a, b);
    const m1 = await sent(t, a, b, 'one');
    const m2 = await sent(t, b, a, 'two');
    const m3 = await sent(t, a, b, 'three');
    await react(a, m1.ID, '👍');
    await react(b, m1.ID, '👍');
    await react(b, m1.ID, '😂');
    await react(b, m3.ID, '🎉');

    const ours = new Set([m1.ID, m2.ID, m3.ID]);
    const lists = (ms: { ID: string; reactionList?: ReactionSummary[] }[]) =>
      Object.fromEntries(ms.filter((m) => ours.has(m.ID)).map((m) => [m.ID, m.reactionList]));
    expect(lists((await history(t, a, b)).messages)).toEqual({
      [m1.ID]: [
        { emoji: '👍', totalUserCount: 2, reactedByMe: true },
        { emoji: '😂', totalUserCount: 1, reactedByMe: false },
      ],
      [m2.ID]: [],
      [m3.ID]: [{ emoji: '🎉', totalUserCount: 1, reactedByMe: false }],
    });
    const synced = lists((await sync(t, b, 0)).messages.filter((m) => m.conversationID === `C2C${a.wtId}`));
    expect(synced[m1.ID]).toEqual([
      { emoji: '👍', totalUserCount: 2, reactedByMe: true },
      { emoji: '😂', totalUserCount: 1, reactedByMe: true },
    ]);
    expect(synced[m3.ID]).toEqual([{ emoji: '🎉', totalUserCount: 1, reactedByMe: true }]);

    // A revoked message carries none.
    expect((await post(t, a, '/message/revoke', { messageID: m3.ID })).code).toBe(200);
    const after = (await history(t, b, a)).messages.find((m) => m.ID === m3.ID)!;
    expect([after.isRevoked, after.reactionList]).toEqual([true, []]);

    // Groups: history and a group sync carry it too.
    const owner = await newUser(t, 'lo');
    const member = await newUser(t, 'lm');
    const g = await createGroup(t, owner, [member]);
    const gm = await sentGroup(t, owner, g, 'group one');
    await react(member, gm.ID, '❤️');
    const seen = (await groupHistory(t, owner, g)).find((m) => m.ID === gm.ID)!;
    expect(seen.reactionList).toEqual([{ emoji: '❤️', totalUserCount: 1, reactedByMe: false }]);
    const gs = await groupSync(t, member, 0, { [gid(g)]: 0 });
    expect(gs.messages.find((m) => m.ID === gm.ID)?.reactionList).toEqual([
      { emoji: '❤️', totalUserCount: 1, reactedByMe: true },
    ]);
  });
});
