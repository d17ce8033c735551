import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, history, post, sent, userOn } from '../messaging/helpers.js';
import { createGroup, groupHistory } from '../messaging/group-helpers.js';

let t: TestServer;
let ann: TestUser;
let ben: TestUser;
let cat: TestUser;
let dan: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  [ann, ben, cat, dan] = [
    await userOn(t, 'ann'),
    await userOn(t, 'ben'),
    await userOn(t, 'cat'),
    await userOn(t, 'dan'),
  ];
  await befriend(t, ann, ben);
  await befriend(t, ann, cat);
  await befriend(t, ben, dan);
});
afterAll(() => t.close());

const forward = (from: TestUser, body: Record<string, unknown>) =>
  post<{ messages: Message[] }>(t, from, '/message/forward', { forwardId: randomUUID(), ...body });

describe('forwarding', () => {
  it('one by one: each message again, in order, to each target; a retry sends nothing twice', async () => {
    const a = await sent(t, ben, ann, 'first');
    const b = await sent(t, ann, ben, 'second');
    const body = {
      forwardId: randomUUID(),
      messageIDs: [b.ID, a.ID],
      conversationIDs: [c2c(cat)],
      mode: 'single',
    };
    const res = await post<{ messages: Message[] }>(t, ann, '/message/forward', body);
    expect(res).toMatchObject({ code: 200, msg: '转发成功' });
    expect(res.data.messages.map((m) => [m.conversationID, m.payload.text])).toEqual([
      [c2c(cat), 'first'],
      [c2c(cat), 'second'],
    ]);
    const again = await post<{ messages: Message[] }>(t, ann, '/message/forward', body);
    expect(again.data.messages.map((m) => m.ID)).toEqual(res.data.messages.map((m) => m.ID));
    const texts = (await history(t, cat, ann)).messages.filter((m) => m.type === 'text');
    expect(texts.map((m) => m.payload.text)).toEqual(['first', 'second']);
  });

  it('merged: one merger message per target; its record survives revoking and deleting the originals', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await sent(t, i % 2 ? ann : ben, i % 2 ? ben : ann, `line ${i}`)).ID);
    const res = await forward(ann, {
      messageIDs: ids,
      conversationIDs: [c2c(cat)],
      mode: 'merged',
      title: 'ann 和 ben 的聊天记录',
    });
    expect(res.code).toBe(200);
    const [merger] = res.data.messages;
    expect(merger).toMatchObject({ type: 'merger', payload: { title: 'ann 和 ben 的聊天记录' } });
    const abstracts = merger!.payload.abstractList as string[];
    expect(abstracts).toHaveLength(7);
    expect(abstracts[0]).toBe('ben: line 0');
    // The originals go away for ann.
    expect((await post(t, ann, '/message/revoke', { messageID: ids[1] })).code).toBe(200);
    expect((await post(t, ann, '/message/delete', { messageIDs: ids })).code).toBe(200);
    // cat (the receiver) reads the whole record by its key.
    const seen = (await history(t, cat, ann)).messages.find((m) => m.type === 'merger')!;
    const record = await post<{ messages: Message[] }>(t, cat, '/message/merger', {
      downloadKey: seen.payload.downloadKey,
    });
    expect(record.data.messages.map((m) => m.payload.text)).toEqual(ids.map((_, i) => `line ${i}`));
    expect(record.data.messages.every((m) => !m.isRevoked)).toBe(true);

    // A merger forwarded again nests (its record stays readable).
    const nested = await forward(cat, { messageIDs: [seen.ID], conversationIDs: [c2c(ann)], mode: 'merged' });
    expect(nested.data.messages[0]).toMatchObject({
      type: 'merger',
      payload: { title: '聊天记录', abstractList: ['ann: [聊天记录]'] },
    });
    const outer = await post<{ messages: Message[] }>(t, ann, '/message/merger', {
      downloadKey: nested.data.messages[0]!.payload.downloadKey,
    });
    expect(outer.data.messages[0]!.payload.downloadKey).toBe(seen.payload.downloadKey);
  });

  it('refuses: a conversation the caller is not in, messages the caller cannot see, nothing selected', async () => {
    const mine = await sent(t, ann, ben, 'hello');
    // Conversations the caller cannot write to: with oneself (403), with someone who blocked them (20007).
    expect(
      await forward(ann, { messageIDs: [mine.ID], conversationIDs: [c2c(ann)], mode: 'single' }),
    ).toMatchObject({ status: 403, code: 403, msg: '当前操作没有权限' });
    expect((await post(t, dan, '/user/friendBlack/add', { friendWtId: ann.wtId })).code).toBe(200);
    expect(
      await forward(ann, { messageIDs: [mine.ID], conversationIDs: [c2c(dan)], mode: 'merged' }),
    ).toMatchObject({
      status: 403,
      code: 20007,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    expect((await history(t, dan, ann)).messages.filter((m) => m.type === 'merger')).toEqual([]);
    // Nobody forwards someone else's conversation.
    const theirs = await sent(t, ben, dan, 'private');
    expect(
      await forward(ann, { messageIDs: [theirs.ID], conversationIDs: [c2c(cat)], mode: 'single' }),
    ).toMatchObject({ status: 404, code: 404, msg: '访问资源不存在' });
    expect(await forward(ann, { messageIDs: [], conversationIDs: [c2c(cat)], mode: 'merged' })).toMatchObject(
      { status: 400, code: 400, msg: '未选择消息' },
    );
    expect(
      await forward(ann, { messageIDs: [mine.ID], conversationIDs: ['C2Cnobody_at_all'], mode: 'single' }),
    ).toMatchObject({ status: 404, code: 10010, msg: '该用户不存在' });
    expect(await post(t, ann, '/message/merger', { downloadKey: '0'.repeat(32) })).toMatchObject({
      status: 404,
      code: 7004,
      msg: '文件不存在,请检查文件路径是否正确',
    });
    // A client cannot invent a merged record's contents.
    const forged = await post<Message>(t, ann, '/message/send', {
      conversationID: c2c(ben),
      clientMsgId: randomUUID(),
      type: 'merger',
      payload: { title: 'x', abstractList: ['a'], downloadKey: 'f'.repeat(32), messageList: [{ fake: 1 }] },
    });
    expect(forged.code).toBe(200);
    expect(forged.data.payload.messageList).toBeUndefined();
  });

  it('refuses what users do not send themselves: a friend notice, a group tip, a revoked message (27001)', async () => {
    const notice = (await history(t, ann, ben)).messages.find((m) => m.type === 'custom')!;
    expect(notice.payload.data).toBe(JSON.stringify({ businessID: 'CustomMsg_Type_addFriend' }));
    const g = await createGroup(t, ann, [ben]);
    const tip = (await groupHistory(t, ann, g)).find((m) => m.type === 'groupTip')!;
    const revoked = await sent(t, ann, ben, 'taken back');
    expect((await post(t, ann, '/message/revoke', { messageID: revoked.ID })).code).toBe(200);
    const before = (await history(t, cat, ann)).messages.length;
    for (const m of [notice, tip, revoked]) {
      for (const mode of ['single', 'merged'])
        expect(await forward(ann, { messageIDs: [m.ID], conversationIDs: [c2c(cat)], mode })).toMatchObject({
          status: 400,
          code: 27001,
          msg: '该消息不支持转发',
        });
    }
    // One of several refused: nothing is sent.
    const fine = await sent(t, ann, ben, 'fine');
    expect(
      await forward(ann, { messageIDs: [fine.ID, tip.ID], conversationIDs: [c2c(cat)], mode: 'single' }),
    ).toMatchObject({ code: 27001 });
    expect((await history(t, cat, ann)).messages).toHaveLength(before);
  });

  it('hostile bodies answer 400 naming the field, never a 500', async () => {
    const long = 'x'.repeat(65); // one past the title's limit; no message ID is this long
    for (const [body, field, text] of [
      [
        { messageIDs: 'abc', conversationIDs: [c2c(ben)], mode: 'single' },
        'messageIDs',
        '消息列表格式不正确',
      ],
      [
        { messageIDs: ['a'], conversationIDs: [c2c(ben)], mode: 'merged', title: long },
        'title',
        '标题不能超过64个字符',
      ],
      [
        { messageIDs: [long], conversationIDs: [c2c(ben)], mode: 'single' },
        'messageIDs.0',
        '消息列表格式不正确',
      ],
      [
        { messageIDs: ['a'], conversationIDs: Array(21).fill(c2c(ben)), mode: 'single' },
        'conversationIDs',
        '最多转发给20个会话',
      ],
      [{ messageIDs: ['a'], conversationIDs: [c2c(ben)], mode: 'both' }, 'mode', '方式格式不正确'],
      [
        { forwardId: 1, messageIDs: ['a'], conversationIDs: [c2c(ben)], mode: 'single' },
        'forwardId',
        '转发记录格式不正确',
      ],
    ] as const) {
      const res = await post(t, ann, '/message/forward', { forwardId: randomUUID(), ...body });
      expect(res, field).toMatchObject({ status: 400, code: 400, msg: text, data: { field } });
    }
    expect(await post(t, ann, '/message/merger', { downloadKey: '../../x' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '下载标识格式不正确',
    });
  });

  it('answers 80001 when a forwarded text meets the sensitive-word list', async () => {
    const s = await startTestServer({ sensitiveWords: ['blocked'] });
    try {
      const [x, y, z] = [await userOn(s, 'x'), await userOn(s, 'y'), await userOn(s, 'z')];
      await befriend(s, x, y);
      await befriend(s, x, z);
      // Stored before the word was listed? No: the list applies on every send, so forward a merged
      // record whose title carries it.
      const m = await sent(s, x, y, 'fine');
      const res = await post(s, x, '/message/forward', {
        forwardId: randomUUID(),
        messageIDs: [m.ID],
        conversationIDs: [c2c(z)],
        mode: 'merged',
        title: 'blocked words',
      });
      expect(res).toMatchObject({ status: 400, code: 80001, msg: '消息或者资料中文本存在敏感内容,发送失败' });
    } finally {
      await s.close();
    }
  });
});
