import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Errors,
  HELPER_CONVERSATION_ID,
  HELPER_WT_ID,
  type Conversation,
  type HelperAnswer,
  type HelperFaq,
  type Message,
} from '@parley/protocol';
import { api, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { newUser, post } from '../friends/helpers.js';
import { loadFaqFile, parseFaqFile } from '../../src/modules/helper/faq-file.js';
import { HelperFaqRepo } from '../../src/modules/helper/helper-faq.repo.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ helperWelcome: true });
  const file = await readFile(path.resolve(import.meta.dirname, '../../helper-faq.json'), 'utf8');
  await loadFaqFile(new HelperFaqRepo(t.server.ctx.db), file);
});
afterAll(() => t.close());

const history = async (u: TestUser) =>
  (
    await post<{ messages: Message[] }>(t, u, '/message/history', {
      conversationID: HELPER_CONVERSATION_ID,
      count: 20,
    })
  ).data.messages;
const helperData = (m: Message) => JSON.parse(String(m.payload.data)) as Record<string, unknown>;

describe('the official helper', () => {
  it('greets every new account in its helper conversation, without an unread badge', async () => {
    const me = await newUser(t, 'hp');
    const conv = await post<Conversation>(t, me, '/conversation/get', {
      conversationID: HELPER_CONVERSATION_ID,
    });
    expect(conv.data).toMatchObject({ conversationID: HELPER_CONVERSATION_ID, unreadCount: 0 });
    const [welcome] = await history(me);
    expect(welcome).toMatchObject({ from: HELPER_WT_ID, flow: 'in', type: 'custom' });
    expect(welcome!.payload.description).toBe(
      '你好，我是 Parley 小助手。有问题可以直接问我，或点击下面的常见问题。',
    );
    const data = helperData(welcome!);
    expect(data).toMatchObject({ businessID: 'helper', detailType: 'welcome' });
    expect((data.content as { txtMsg: HelperFaq[] }).txtMsg.map((q) => q.question)).toContain(
      '如何添加好友？',
    );
    const helper = await api<{ isOfficial: number }>(t, 'POST', '/user/friendInfo', {
      token: me.token,
      body: { searchId: HELPER_WT_ID },
    });
    expect(helper.data.isOfficial).toBe(1);
  });

  it('lists the FAQ in the file’s order', async () => {
    const me = await newUser(t, 'hp');
    const list = await api<HelperFaq[]>(t, 'GET', '/user/helperReply/list', { token: me.token });
    expect(list.data.map((q) => q.question)).toEqual([
      '如何添加好友？',
      '如何修改密码？',
      '如何创建群聊？',
      '如何使用常用语？',
      '如何置顶一条消息？',
    ]);
    expect(list.data[1]!.replyMsg).toContain('忘记密码');
  });

  it('answers a question by id: the question and the reply land in the helper conversation, live', async () => {
    const me = await newUser(t, 'hp');
    const faq = (await api<HelperFaq[]>(t, 'GET', '/user/helperReply/list', { token: me.token })).data;
    const socket = await openSocket(t, me.token);
    await socket.next((f) => f.type === 'hello');
    const res = await post<HelperAnswer>(t, me, '/user/helperReply/question', { id: faq[2]!.id });
    expect(res.code).toBe(200);
    expect(res.data.matched).toEqual(faq[2]);
    expect(res.data.question).toMatchObject({
      flow: 'out',
      type: 'text',
      payload: { text: '如何创建群聊？' },
    });
    expect(res.data.reply).toMatchObject({
      flow: 'in',
      from: HELPER_WT_ID,
      payload: { description: faq[2]!.replyMsg },
    });
    expect(helperData(res.data.reply)).toMatchObject({ detailType: 'reply' });
    const pushed = await socket.next(
      (f) => f.type === 'message.new' && (f.data as Message).ID === res.data.reply.ID,
    );
    expect((pushed.data as Message).conversationID).toBe(HELPER_CONVERSATION_ID);
    expect((await history(me)).map((m) => m.ID).slice(-2)).toEqual([res.data.question.ID, res.data.reply.ID]);
    socket.close();
    expect(await post(t, me, '/user/helperReply/question', { id: 999_999 })).toMatchObject(
      Errors.helperFaqNotFound,
    );
  });

  it('answers a typed question by keyword, and lists the questions when nothing matches', async () => {
    const me = await newUser(t, 'hp');
    const hit = await post<HelperAnswer>(t, me, '/user/helperReply/keyWord', { keyWord: '忘记密码了怎么办' });
    expect(hit.data.matched?.question).toBe('如何修改密码？');
    expect(hit.data.reply.payload.description).toContain('忘记密码');
    const miss = await post<HelperAnswer>(t, me, '/user/helperReply/keyWord', { keyWord: '今天天气怎么样' });
    expect(miss.data.matched).toBeNull();
    expect(miss.data.reply.payload.description).toBe('抱歉，没有找到相关问题。你可以试试下面的常见问题：');
    expect(helperData(miss.data.reply)).toMatchObject({ detailType: 'fallback' });
    expect(await post(t, me, '/user/helperReply/keyWord', { keyWord: '  ' })).toMatchObject({
      status: 400,
      msg: '问题不能为空',
    });
    expect(await post(t, me, '/user/helperReply/keyWord', { keyWord: '问'.repeat(101) })).toMatchObject({
      status: 400,
      msg: '问题不能超过100个字符',
    });
  });

  it('the FAQ file is checked before anything is replaced', async () => {
    expect(() => parseFaqFile('{')).toThrow(/not valid JSON/);
    expect(() => parseFaqFile(JSON.stringify({ items: [{ question: '', replyMsg: 'x' }] }))).toThrow(
      /items\.0\.question/,
    );
    expect(() =>
      parseFaqFile(
        JSON.stringify({ items: [{ question: 'q', replyMsg: 'r', jumpUrl: 'javascript:alert(1)' }] }),
      ),
    ).toThrow(/items\.0\.jumpUrl/);
  });
});
