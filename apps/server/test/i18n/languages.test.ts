import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type UserConfig } from '@parley/protocol';
import {
  api,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
  type TestUser,
} from '../helpers.js';
import { befriend, c2c, newUser, post } from '../messaging/helpers.js';

/** The server answers `msg` in the caller's language: Accept-Language, then the saved language, then zh-CN. */
let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ sensitiveWords: ['badword'] });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const SENSITIVE = {
  'zh-CN': '消息或者资料中文本存在敏感内容,发送失败',
  en: 'The text contains sensitive content and was not sent.',
  ja: 'テキストに不適切な内容が含まれているため、送信できませんでした。',
};

function sendAs(from: TestUser, to: TestUser, text: string, headers: Record<string, string> = {}) {
  return api(t, 'POST', '/message/send', {
    token: from.token,
    headers,
    body: { conversationID: c2c(to), clientMsgId: randomUUID(), type: 'text', payload: { text } },
  });
}

async function friends(): Promise<[TestUser, TestUser]> {
  const a = await newUser(t, 'lang_a');
  const b = await newUser(t, 'lang_b');
  await befriend(t, a, b);
  return [a, b];
}

async function saveLanguage(user: TestUser, language: string) {
  const res = await api<UserConfig>(t, 'POST', '/user/userConfig/update', {
    token: user.token,
    body: { language },
  });
  expect(res).toMatchObject({ code: 200, data: { language } });
}

describe('REST refusals in the caller language', () => {
  it('the sensitive-word refusal (80001) follows Accept-Language; none named gives zh-CN', async () => {
    const [a, b] = await friends();
    expect(await sendAs(a, b, 'a badword', { 'accept-language': 'en-US,en;q=0.9' })).toMatchObject({
      status: 400,
      code: 80001,
      msg: SENSITIVE.en,
    });
    expect(await sendAs(a, b, 'a badword', { 'accept-language': 'ja-JP' })).toMatchObject({
      code: 80001,
      msg: SENSITIVE.ja,
    });
    expect(await sendAs(a, b, 'a badword', { 'accept-language': 'fr-FR, de;q=0.5' })).toMatchObject({
      code: 80001,
      msg: SENSITIVE['zh-CN'],
    });
    expect(await sendAs(a, b, 'a badword')).toMatchObject({ code: 80001, msg: SENSITIVE['zh-CN'] });
  });

  it('the highest q of a language we write wins; zh-TW reads as zh-CN', async () => {
    const [a, b] = await friends();
    const header = 'fr;q=1, ja;q=0.4, en;q=0.8';
    expect(await sendAs(a, b, 'badword', { 'accept-language': header })).toMatchObject({ msg: SENSITIVE.en });
    expect(await sendAs(a, b, 'badword', { 'accept-language': 'zh-TW,en;q=0.1' })).toMatchObject({
      msg: SENSITIVE['zh-CN'],
    });
  });

  it('without Accept-Language the saved language answers; Accept-Language still comes first', async () => {
    const [a, b] = await friends();
    await saveLanguage(a, 'ja');
    expect(await sendAs(a, b, 'badword')).toMatchObject({ code: 80001, msg: SENSITIVE.ja });
    expect(await sendAs(a, b, 'badword', { 'accept-language': 'en' })).toMatchObject({ msg: SENSITIVE.en });
    await saveLanguage(a, 'en');
    expect(await sendAs(a, b, 'badword')).toMatchObject({ msg: SENSITIVE.en });
  });

  it('20007 reads in Chinese for zh-CN and in the product English for en', async () => {
    const [a, b] = await friends();
    await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId });
    expect(await sendAs(a, b, 'hi', { 'accept-language': 'zh-CN' })).toMatchObject({
      status: 403,
      code: 20007,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    expect(await sendAs(a, b, 'hi', { 'accept-language': 'en' })).toMatchObject({
      code: 20007,
      msg: 'The identifier is in blacklist. Failed to send this message!',
    });
    expect(await sendAs(a, b, 'hi', { 'accept-language': 'ja' })).toMatchObject({
      code: 20007,
      msg: '相手のブラックリストに入っているため、メッセージを送信できませんでした。',
    });
  });

  it('refusals before any session (401, 404, bad JSON) follow Accept-Language too', async () => {
    expect(
      await api(t, 'GET', '/user/userConfig/getInfo', { headers: { 'accept-language': 'ja' } }),
    ).toMatchObject({
      status: 401,
      code: 401,
      msg: Errors.unauthorized.texts.ja,
    });
    expect(await api(t, 'GET', '/no/such/route', { headers: { 'accept-language': 'en' } })).toMatchObject({
      status: 404,
      code: 404,
      msg: 'The resource does not exist.',
    });
    const badJson = await api(t, 'POST', '/user/login/login', {
      rawBody: '{"phone":',
      headers: { 'accept-language': 'en' },
    });
    expect(badJson).toMatchObject({ status: 400, code: 400, msg: 'The request body is not valid JSON.' });
  });

  it('a saved language outside zh-CN/en/ja is refused naming the field', async () => {
    const a = await newUser(t, 'lang_c');
    const res = await api(t, 'POST', '/user/userConfig/update', {
      token: a.token,
      body: { language: 'fr' },
      headers: { 'accept-language': 'en' },
    });
    expect(res).toMatchObject({
      status: 400,
      code: 400,
      msg: 'Language is not valid.',
      data: { field: 'language' },
    });
  });
});

describe('socket refusals in the socket user language', () => {
  async function tab(user: TestUser, query?: string): Promise<TestSocket> {
    const s = await openSocket(t, user.token, query);
    sockets.push(s);
    await s.next((f) => f.type === 'hello');
    return s;
  }
  const sendFrame = async (s: TestSocket, id: string, to: TestUser, text: string) => {
    s.send({
      id,
      type: 'message.send',
      data: { conversationID: c2c(to), clientMsgId: id, type: 'text', payload: { text } },
    });
    return s.next((f) => f.type === 'ack' && (f as { id?: unknown }).id === id);
  };

  it('?lang= names the language of acks and error frames', async () => {
    const [a, b] = await friends();
    const s = await tab(a, 'lang=en');
    expect(await sendFrame(s, 'f1', b, 'badword')).toMatchObject({ code: 80001, msg: SENSITIVE.en });
    s.send('not json');
    expect(await s.next((f) => f.type === 'error')).toMatchObject({
      code: 400,
      msg: 'The frame is not valid JSON.',
    });
  });

  it('a socket that names no language answers in the saved one, else zh-CN', async () => {
    const [a, b] = await friends();
    const plain = await tab(a);
    expect(await sendFrame(plain, 'f2', b, 'badword')).toMatchObject({ msg: SENSITIVE['zh-CN'] });
    await saveLanguage(a, 'ja');
    const later = await tab(a);
    expect(await sendFrame(later, 'f3', b, 'badword')).toMatchObject({ code: 80001, msg: SENSITIVE.ja });
  });

  it('a refused frame names its field by label, never by path', async () => {
    const [a] = await friends();
    const s = await tab(a, 'lang=ja');
    s.send({
      id: 'f4',
      type: 'message.send',
      data: { conversationID: 'nope', clientMsgId: 'f4', type: 'text', payload: { text: 'x' } },
    });
    const ack = await s.next((f) => f.type === 'ack' && (f as { id?: unknown }).id === 'f4');
    expect(ack).toMatchObject({
      code: 400,
      msg: '会話の形式が正しくありません。',
      data: { field: 'data.conversationID' },
    });
  });
});
