import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Message } from '@parley/protocol';
import { openSocket, registerUser, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { c2c, fullHistory, newUser, post, sendText } from './helpers.js';

// The SQLite send thread (apps/server/src/modules/messaging/send/thread/): one-to-one sends are
// checked and committed on a worker thread; the main thread publishes and answers. These tests run
// against SQLite only (the PostgreSQL suite has no thread) and compare with SEND_THREAD=0.
const sqlite = !process.env.DATABASE_URL;

async function tab(t: TestServer, token: string, sockets: TestSocket[]): Promise<TestSocket> {
  const s = await openSocket(t, token);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

describe.skipIf(!sqlite).each([
  { name: 'on the send thread', sendThread: true, state: 'running' },
  { name: 'on the main thread (SEND_THREAD=0)', sendThread: false, state: 'off' },
])('one-to-one sends $name', ({ sendThread, state }) => {
  let t: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestServer({ sendThread, messageSendPerMinute: 100_000, sensitiveWords: ['违禁词'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('answers the sending tab with the stored message and its push sequence, and pushes it to every other tab', async () => {
    const a = await newUser(t, 'ta');
    const b = await newUser(t, 'tb');
    const [a1, a2, b1] = [
      await tab(t, a.token, sockets),
      await tab(t, a.token, sockets),
      await tab(t, b.token, sockets),
    ];
    a1.send({
      type: 'message.send',
      id: 'f1',
      data: { conversationID: c2c(b), clientMsgId: 'th-1', type: 'text', payload: { text: '线程' } },
    });
    const ack = await a1.next((f) => f.type === 'ack' && f.id === 'f1');
    expect(ack).toMatchObject({
      code: 200,
      data: { clientMsgId: 'th-1', sequence: 1, from: a.wtId, flow: 'out' },
    });
    // The ack stands for the sending tab's message.new: it carries that push's sequence.
    const hello = a1.frames.find((f) => f.type === 'hello')!;
    expect(ack.seq).toBe((hello.data as { seq: number }).seq + 1);
    const other = await a2.next((f) => f.type === 'message.new');
    expect(other).toMatchObject({ seq: ack.seq, data: { ID: (ack.data as Message).ID, flow: 'out' } });
    const got = await b1.next((f) => f.type === 'message.new');
    expect(got.data).toMatchObject({ ID: (ack.data as Message).ID, flow: 'in', conversationID: c2c(a) });
    // The peer's reply is the sending tab's next push, with the next sequence: no gap.
    const reply = await sendText(t, b, a, '回复');
    expect(reply.code).toBe(200);
    const next = await a1.next((f) => f.type === 'message.new');
    expect(next).toMatchObject({ seq: Number(ack.seq) + 1, data: { ID: reply.data.ID } });
    expect(a1.frames.filter((f) => f.type === 'message.new')).toHaveLength(1);
    // The conversation ID names the peer whatever the case of its wtId, as everywhere else.
    const upper = await post<Message>(t, a, '/message/send', {
      conversationID: `C2C${b.wtId.toUpperCase()}`,
      clientMsgId: 'th-2',
      type: 'text',
      payload: { text: '大写' },
    });
    expect(upper).toMatchObject({ code: 200, data: { sequence: 3, conversationID: c2c(b) } });
    expect(t.server.modules.messaging.send.threadState).toBe(state);
  });

  it('answers refusals with their code and text, and a retry with the first message', async () => {
    const a = await newUser(t, 'tc');
    const b = await newUser(t, 'td');
    const bad = await sendText(t, a, b, '这里有违禁词');
    expect(bad).toMatchObject({ code: 80001, msg: '消息或者资料中文本存在敏感内容,发送失败' });
    const nobody = await post(t, a, '/message/send', {
      conversationID: 'C2Cno_such_user_x',
      clientMsgId: 'x-1',
      type: 'text',
      payload: { text: 'hi' },
    });
    expect(nobody.code).not.toBe(200);
    expect(nobody.code).not.toBe(500);
    const tries = await Promise.all(Array.from({ length: 5 }, () => sendText(t, a, b, 'once', 'same-id')));
    const ids = new Set(tries.map((r) => (r.code === 200 ? r.data.ID : `error ${r.code}`)));
    expect([...ids]).toHaveLength(1);
    expect((await fullHistory(t, b, a)).map((m) => m.payload.text)).toEqual(['once']);
  });

  it('one clientMsgId in two frames of one turn is stored once; a later retry answers it even when now refused', async () => {
    const a = await newUser(t, 'ti');
    const b = await newUser(t, 'tj');
    const a1 = await tab(t, a.token, sockets);
    // Both frames reach the same batch: the second's retry lookup finds the first's message inside
    // the batch's transaction and answers it.
    const data = { conversationID: c2c(b), clientMsgId: 'twice', type: 'text', payload: { text: '一次' } };
    a1.send({ type: 'message.send', id: 'd1', data });
    a1.send({ type: 'message.send', id: 'd2', data });
    const acks = [
      await a1.next((f) => f.type === 'ack' && f.id === 'd1'),
      await a1.next((f) => f.type === 'ack' && f.id === 'd2'),
    ];
    expect(acks.map((f) => f.code)).toEqual([200, 200]);
    const id = (acks[0]!.data as Message).ID;
    expect((acks[1]!.data as Message).ID).toBe(id);
    // Blocked since: a retry still answers the stored message; a new send is refused.
    await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    expect(await sendText(t, a, b, '一次', 'twice')).toMatchObject({ code: 200, data: { ID: id } });
    expect(await sendText(t, a, b, 'new')).toMatchObject(Errors.blacklisted);
    expect((await fullHistory(t, b, a)).filter((m) => m.type === 'text').map((m) => m.payload.text)).toEqual([
      '一次',
    ]);
  });

  it('a send reads what changed since the pair last sent: a nickname, a block and its removal, a new user', async () => {
    const a = await newUser(t, 'tk');
    const b = await newUser(t, 'tl');
    expect(await sendText(t, a, b, 'one')).toMatchObject({ code: 200, data: { nick: 'tk' } });
    expect(await post(t, a, '/user/updateProfile', { nickName: '新名字' })).toMatchObject({ code: 200 });
    expect(await sendText(t, a, b, 'two')).toMatchObject({ code: 200, data: { nick: '新名字' } });
    await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    expect(await sendText(t, a, b, 'three')).toMatchObject(Errors.blacklisted);
    await post(t, b, '/user/friendBlack/deleteByUserId', { friendWtId: a.wtId });
    expect(await sendText(t, a, b, 'four')).toMatchObject({ code: 200, data: { payload: { text: 'four' } } });
    // Refused while nobody has the wtId; sent once someone registers it.
    const wtId = `later_${process.pid % 10000}`;
    const body = { conversationID: `C2C${wtId}`, type: 'text', payload: { text: 'hi' } };
    const early = await post(t, a, '/message/send', { ...body, clientMsgId: 'later-1' });
    expect(early).toMatchObject(Errors.userNotFound);
    await registerUser(t, { wtId, nickName: 'later' });
    expect(await post(t, a, '/message/send', { ...body, clientMsgId: 'later-2' })).toMatchObject({
      code: 200,
      data: { sequence: 1, conversationID: `C2C${wtId}` },
    });
  });

  it('keeps sequences gap-free while the main thread writes to the same conversations', async () => {
    const a = await newUser(t, 'te');
    const b = await newUser(t, 'tf');
    // Sends (send thread) interleaved with reads, pins and drafts (main thread writes).
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 60; i++) {
      work.push(sendText(t, i % 2 ? a : b, i % 2 ? b : a, `m${i}`));
      if (i % 3 === 0) work.push(post(t, b, '/conversation/read', { conversationID: c2c(a), seq: i }));
      if (i % 5 === 0)
        work.push(post(t, a, '/conversation/pin', { conversationID: c2c(b), isPinned: i % 10 === 0 }));
    }
    const results = (await Promise.all(work)) as Array<{ code: number }>;
    expect(results.filter((r) => r.code === 500)).toEqual([]);
    const seqs = (await fullHistory(t, a, b)).map((m) => m.sequence);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});

describe.skipIf(!sqlite)('a send thread that dies', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ messageSendPerMinute: 100_000 });
  });
  afterAll(() => t.close());

  it('hands later sends to the main thread, with the sequence going on', async () => {
    const a = await newUser(t, 'tg');
    const b = await newUser(t, 'th');
    expect((await sendText(t, a, b, 'one')).data.sequence).toBe(1);
    const send = t.server.modules.messaging.send;
    expect(send.threadState).toBe('running');
    // What a crash of the thread looks like to the main thread: its worker exits.
    const worker = (send as unknown as { thread: { worker: { terminate(): Promise<number> } } }).thread
      .worker;
    await worker.terminate();
    await expect.poll(() => send.threadState).toBe('failed');
    const two = await sendText(t, a, b, 'two');
    expect(two).toMatchObject({ code: 200, data: { sequence: 2 } });
    expect((await fullHistory(t, b, a)).map((m) => m.payload.text)).toEqual(['one', 'two']);
  });
});
