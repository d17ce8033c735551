import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chat, ForwardLimits, MessageLimits, type Conversation, type Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { c2c, fullHistory, history, newUser, post, sent } from '../messaging/helpers.js';
import { createGroup, gid, sentGroup } from '../messaging/group-helpers.js';
import { fillMembers, fillUsers } from './fill.js';

// Message, list and forward limits at their boundary: at the limit accepted, one over refused with
// code and text.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
});
afterAll(() => t.close());

const TOO_LONG = { status: 400, code: 80002, msg: '消息内容过长，请减少长度后重试' };
const refused = (field: string, text: string) => ({ status: 400, code: 400, msg: text, data: { field } });

/** Two users and `n` texts from the first to the second (sent 20 at a time), oldest first. */
async function chat(n: number): Promise<{ a: TestUser; b: TestUser; ids: string[] }> {
  const a = await newUser(t, 'lim_a');
  const b = await newUser(t, 'lim_b');
  for (let i = 0; i < n; i += 20)
    await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, j) => sent(t, a, b, `m${i + j}`)));
  const ids = (await fullHistory(t, a, b)).map((m) => m.ID);
  expect(ids).toHaveLength(n);
  return { a, b, ids };
}

const send = (from: TestUser, to: TestUser, type: string, payload: unknown) =>
  post<Message>(t, from, '/message/send', {
    conversationID: c2c(to),
    clientMsgId: randomUUID(),
    type,
    payload,
  });

describe('message size', () => {
  it(`a text of ${MessageLimits.textBytes} UTF-8 bytes goes out, one byte more answers 80002`, async () => {
    const a = await newUser(t, 'txt_a');
    const b = await newUser(t, 'txt_b');
    const at = `${'字'.repeat(MessageLimits.textBytes / 3 - 1)}abc`;
    expect(Buffer.byteLength(at)).toBe(MessageLimits.textBytes);
    expect(await send(a, b, 'text', { text: `${at}d` })).toMatchObject(TOO_LONG);
    expect((await send(a, b, 'text', { text: at })).data.payload.text).toBe(at);
  });

  it(`any payload of ${MessageLimits.payloadBytes} bytes of JSON goes out, one byte more answers 80002`, async () => {
    const a = await newUser(t, 'pl_a');
    const b = await newUser(t, 'pl_b');
    // {"data":"…"} is 11 bytes around the data.
    const data = `${'中'.repeat(5457)}ab`;
    expect(Buffer.byteLength(JSON.stringify({ data }))).toBe(MessageLimits.payloadBytes);
    const over = `${data}c`;
    expect(Buffer.byteLength(JSON.stringify({ data: over }))).toBe(MessageLimits.payloadBytes + 1);
    expect(await send(a, b, 'custom', { data: over })).toMatchObject(TOO_LONG);
    expect((await send(a, b, 'custom', { data })).data.payload.data).toBe(data);
  });
});

describe('lists', () => {
  it(`history: ${MessageLimits.historyMax} messages a page, not ${MessageLimits.historyMax + 1}`, async () => {
    const { a, b, ids } = await chat(MessageLimits.historyMax + 1);
    const page = await history(t, b, a, { count: MessageLimits.historyMax });
    expect(page.messages.map((m) => m.ID)).toEqual(ids.slice(1));
    expect(page.isCompleted).toBe(false);
    const over = await post(t, b, '/message/history', {
      conversationID: c2c(a),
      count: MessageLimits.historyMax + 1,
    });
    expect(over).toMatchObject(refused('count', '数量不能超过100'));
  });

  it(`conversation list: ${MessageLimits.listMax} a page, not ${MessageLimits.listMax + 1}`, async () => {
    const me = await newUser(t, 'lister');
    const prefix = await fillUsers(t, MessageLimits.listMax + 1);
    for (let i = 1; i <= MessageLimits.listMax + 1; i++)
      expect(
        (
          await post(t, me, '/message/send', {
            conversationID: `C2C${prefix}${i}`,
            clientMsgId: randomUUID(),
            type: 'text',
            payload: { text: 'hi' },
          })
        ).code,
      ).toBe(200);
    const list = (count: number) =>
      post<{ conversations: Conversation[]; isFinished: boolean }>(t, me, '/conversation/list', { count });
    const page = await list(MessageLimits.listMax);
    expect([page.data.conversations.length, page.data.isFinished]).toEqual([MessageLimits.listMax, false]);
    expect(await list(MessageLimits.listMax + 1)).toMatchObject(refused('count', '数量不能超过100'));
  });

  it(`delete: ${MessageLimits.deleteMax} messages at once, not ${MessageLimits.deleteMax + 1}`, async () => {
    const { a, b, ids } = await chat(MessageLimits.deleteMax + 1);
    expect(await post(t, a, '/message/delete', { messageIDs: ids })).toMatchObject(
      refused('messageIDs', '消息列表不能超过100条'),
    );
    expect((await history(t, a, b, { count: 100 })).messages).toHaveLength(100);
    const done = await post(t, a, '/message/delete', { messageIDs: ids.slice(1) });
    expect(done).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await history(t, a, b, { count: 100 })).messages.map((m) => m.ID)).toEqual([ids[0]]);
  });
});

describe('read receipts', () => {
  it(`the members of a group message, ${Chat.readReceiptPage} a page, not ${Chat.readReceiptPage + 1}`, async () => {
    const owner = await newUser(t, 'rcpt');
    const g = await createGroup(t, owner, []);
    expect(await fillMembers(t, g.groupNumber, await fillUsers(t, 150))).toBe(151);
    const m = await sentGroup(t, owner, g, 'who read this?');
    const page = (count: number, cursor?: string) =>
      post<{ members: unknown[]; nextCursor: string | null }>(t, owner, '/message/readMembers', {
        conversationID: gid(g),
        messageID: m.ID,
        filter: 1,
        count,
        ...(cursor ? { cursor } : {}),
      });
    const first = await page(Chat.readReceiptPage);
    expect(first.data.members).toHaveLength(Chat.readReceiptPage);
    expect((await page(Chat.readReceiptPage, first.data.nextCursor!)).data.members).toHaveLength(50);
    expect(await page(Chat.readReceiptPage + 1)).toMatchObject(refused('count', '数量不能超过100'));
  });
});

describe('forwarding', () => {
  const forward = (from: TestUser, messageIDs: string[], conversationIDs: string[]) =>
    post<{ messages: Message[] }>(t, from, '/message/forward', {
      forwardId: randomUUID(),
      messageIDs,
      conversationIDs,
      mode: 'merged',
    });

  it(`${ForwardLimits.messages} messages at once, not ${ForwardLimits.messages + 1}`, async () => {
    const { a, b, ids } = await chat(ForwardLimits.messages + 1);
    expect(await forward(a, ids, [c2c(b)])).toMatchObject(refused('messageIDs', '最多转发100条消息'));
    const res = await forward(a, ids.slice(1), [c2c(b)]);
    expect(res.code).toBe(200);
    const record = await post<{ messages: Message[] }>(t, b, '/message/merger', {
      downloadKey: res.data.messages[0]!.payload.downloadKey,
    });
    expect(record.data.messages.map((m) => m.ID).sort()).toEqual(ids.slice(1).sort());
  });

  it(`a merged record shows ${ForwardLimits.abstractLines} abstract lines; a client's merger holds no more`, async () => {
    const { a, b, ids } = await chat(ForwardLimits.abstractLines + 1);
    const res = await forward(a, ids, [c2c(b)]);
    const merger = res.data.messages[0]!;
    expect(merger.payload.abstractList).toHaveLength(ForwardLimits.abstractLines);
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `a: line ${i}`);
    const again = (abstractList: string[]) =>
      send(a, b, 'merger', { title: '聊天记录', abstractList, downloadKey: merger.payload.downloadKey });
    expect(await again(lines(ForwardLimits.abstractLines + 1))).toMatchObject(
      refused('payload.abstractList', '摘要列表最多7项'),
    );
    expect((await again(lines(ForwardLimits.abstractLines))).data.payload.abstractList).toEqual(
      lines(ForwardLimits.abstractLines),
    );
  });

  it(`to ${ForwardLimits.targets} conversations at once, not ${ForwardLimits.targets + 1}`, async () => {
    const { a, ids } = await chat(1);
    const prefix = await fillUsers(t, ForwardLimits.targets + 1);
    const targets = Array.from({ length: ForwardLimits.targets + 1 }, (_, i) => `C2C${prefix}${i + 1}`);
    expect(await forward(a, ids, targets)).toMatchObject(refused('conversationIDs', '最多转发给20个会话'));
    const res = await forward(a, ids, targets.slice(1));
    expect(res.code).toBe(200);
    expect(res.data.messages.map((m) => m.conversationID)).toEqual(targets.slice(1));
  });
});
