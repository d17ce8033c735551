import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { befriend, c2c, fullHistory, newUser, post, sendText } from './helpers.js';

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ sensitiveWords: ['badword', '违禁词'], messageSendPerMinute: 100_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function tab(token: string): Promise<TestSocket> {
  const s = await openSocket(t, token);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

const isNew = (text: string) => (f: { type: unknown; data: unknown }) =>
  f.type === 'message.new' && (f.data as Message).payload.text === text;

describe('message.send', () => {
  it('stores one message, answers it after the commit and delivers it to every tab of both users', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const [a1, a2, b1] = [await tab(a.token), await tab(a.token), await tab(b.token)];

    const res = await sendText(t, a, b, '你好吗', 'c-1');
    expect(res).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.data).toMatchObject({
      clientMsgId: 'c-1',
      type: 'text',
      flow: 'out',
      status: 'success',
      from: a.wtId,
      to: b.wtId,
      conversationID: c2c(b),
      conversationType: 'C2C',
      payload: { text: '你好吗' },
      isRevoked: false,
      isPeerRead: false,
    });
    for (const s of [a1, a2]) {
      const f = await s.next(isNew('你好吗'));
      expect(f.data).toMatchObject({ ID: res.data.ID, flow: 'out', conversationID: c2c(b) });
    }
    const got = await b1.next(isNew('你好吗'));
    expect(got.data).toMatchObject({
      ID: res.data.ID,
      flow: 'in',
      conversationID: c2c(a),
      clientMsgId: '',
      sequence: res.data.sequence,
    });
  });

  it('answers the same clientMsgId five times with the first message, stored once', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sendText(t, a, b, 'once', 'same-id')));
    const ids = new Set(answers.map((r) => r.data.ID));
    expect(answers.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    const again = await sendText(t, a, b, 'different text', 'same-id');
    expect(again.data.ID).toBe(answers[0]!.data.ID);
    const texts = (await fullHistory(t, b, a)).filter((m) => m.type === 'text').map((m) => m.payload.text);
    expect(texts).toEqual(['once']);
  });

  it('also sends over the socket: the ack carries the stored message and its push sequence', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const s = await tab(a.token);
    const other = await tab(a.token);
    const body = { conversationID: c2c(b), clientMsgId: 'sock-1', type: 'text', payload: { text: 'via ws' } };
    s.send({ id: 'f1', type: 'message.send', data: body });
    const ack = await s.next((f) => f.type === 'ack' && (f as { id?: string }).id === 'f1');
    expect(ack).toMatchObject({ code: 200, data: { clientMsgId: 'sock-1', payload: { text: 'via ws' } } });
    // The ack stands for the sending tab's message.new (its push sequence); the other tab gets the frame.
    expect(ack.seq).toBeTypeOf('number');
    const pushed = await other.next(isNew('via ws'));
    expect(pushed).toMatchObject({ seq: ack.seq, data: { ID: (ack.data as Message).ID, flow: 'out' } });
    expect(s.frames.some(isNew('via ws'))).toBe(false);
    s.send({
      id: 'f2',
      type: 'message.send',
      data: { ...body, clientMsgId: 'sock-2', payload: { text: '' } },
    });
    expect(await s.next((f) => f.type === 'ack' && (f as { id?: string }).id === 'f2')).toMatchObject({
      code: 400,
      msg: '消息内容不能为空',
    });
  });
});

describe('refused sends', () => {
  let a: Awaited<ReturnType<typeof newUser>>;
  let b: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    a = await newUser(t, 'alice');
    b = await newUser(t, 'bob');
    await befriend(t, a, b);
  });
  const send = (body: Record<string, unknown>) =>
    post(t, a, '/message/send', { conversationID: c2c(b), clientMsgId: `x-${Math.random()}`, ...body });

  it('oversize text: 80002', async () => {
    expect(await send({ type: 'text', payload: { text: '字'.repeat(4097) } })).toMatchObject({
      status: 400,
      code: 80002,
      msg: '消息内容过长，请减少长度后重试',
    });
    // 4096 × 3 bytes = exactly 12 KB is accepted.
    expect((await send({ type: 'text', payload: { text: '字'.repeat(4096) } })).code).toBe(200);
  });

  it('empty and blank text: 400 naming payload.text', async () => {
    for (const text of ['', '   ']) {
      expect(await send({ type: 'text', payload: { text } })).toMatchObject({
        code: 400,
        msg: '消息内容不能为空',
      });
    }
  });

  it('sensitive words: 80001, and nothing is stored', async () => {
    expect(await send({ type: 'text', payload: { text: '这是BadWord啊' } })).toMatchObject(
      Errors.sensitiveText,
    );
    expect(await send({ type: 'text', payload: { text: '违禁词' } })).toMatchObject(Errors.sensitiveText);
    const texts = (await fullHistory(t, b, a)).map((m) => m.payload.text);
    expect(texts.some((x) => typeof x === 'string' && /badword|违禁词/i.test(x))).toBe(false);
  });

  it('malformed bodies and unknown types: 400 naming the field', async () => {
    expect(await send({ type: 'poke', payload: {} })).toMatchObject({ code: 400, msg: '类型不支持' });
    expect(await send({ type: 'groupTip', payload: {} })).toMatchObject({
      code: 400,
      msg: '类型不支持',
    });
    expect(await send({ type: 'text', payload: 'hi' })).toMatchObject({
      code: 400,
      msg: '消息内容格式不正确',
    });
    expect(await send({ type: 'text', payload: {} })).toMatchObject({
      code: 400,
      msg: '消息内容不能为空',
    });
    expect(await send({ type: 'file', payload: { fileUrl: 'u', fileName: 'a.txt' } })).toMatchObject({
      code: 400,
      msg: '文件大小格式不正确',
    });
    expect(
      await post(t, a, '/message/send', {
        conversationID: 'C2C',
        clientMsgId: 'x',
        type: 'text',
        payload: {},
      }),
    ).toMatchObject({ code: 400, msg: '会话格式不正确' });
    expect(
      await post(t, a, '/message/send', { conversationID: c2c(b), type: 'text', payload: { text: 'x' } }),
    ).toMatchObject({ code: 400, msg: '消息编号不能为空' });
  });

  it('a custom message cannot pose as a friend notice', async () => {
    const forged = { data: '{"businessID":"CustomMsg_Type_addFriend"}' };
    expect(await send({ type: 'custom', payload: forged })).toMatchObject({
      code: 400,
      msg: '不能发送系统通知',
    });
    expect((await send({ type: 'custom', payload: { data: '{"businessID":"order"}' } })).code).toBe(200);
  });

  it('to nobody, to oneself: 10010 / 403', async () => {
    expect(
      await post(t, a, '/message/send', {
        conversationID: 'C2Cnobody_here',
        clientMsgId: 'n1',
        type: 'text',
        payload: { text: 'x' },
      }),
    ).toMatchObject({ code: 10010, msg: '该用户不存在' });
    expect(
      await post(t, a, '/message/send', {
        conversationID: c2c(a),
        clientMsgId: 'n2',
        type: 'text',
        payload: { text: 'x' },
      }),
    ).toMatchObject(Errors.forbidden);
  });
});

describe('friends rules', () => {
  it('blacklist both ways: 20007 for the blocked sender, 21005 for the blocker; cancelled: 20003', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    expect(await sendText(t, a, b, 'hi')).toMatchObject({
      code: 20007,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    expect(await sendText(t, b, a, 'hi')).toMatchObject({
      code: 21005,
      msg: '对方在你的黑名单中，请先移出黑名单',
    });
    await post(t, b, '/user/friendBlack/deleteByUserId', { friendWtId: a.wtId });
    expect((await sendText(t, a, b, 'hi again')).code).toBe(200);

    const c = await newUser(t, 'carol');
    await befriend(t, a, c);
    await t.server.ctx.db.updateTable('users').set({ status: 1 }).where('wt_id', '=', c.wtId).execute();
    expect(await sendText(t, a, c, 'hi')).toMatchObject({ code: 20003, msg: '用户已注销' });
  });

  it('a per-user rate limit answers 429', async () => {
    const limited = await startTestServer({ messageSendPerMinute: 3 });
    try {
      const a = await newUser(limited, 'alice');
      const b = await newUser(limited, 'bob');
      await befriend(limited, a, b);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await sendText(limited, a, b, `m${i}`)).code);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
