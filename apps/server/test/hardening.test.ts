import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, Step2Challenge, Tag } from '@parley/protocol';
import { Errors, WsClose } from '@parley/protocol';
import { MAX_CONNECTIONS_PER_USER } from '../src/realtime/gateway.js';
import { api, openSocket, registerUser, uniquePhone, type TestServer } from './helpers.js';
import { newUser, post } from './friends/helpers.js';
import { startTestServer } from './helpers.js';

// Inputs and timings that must end in a clear 4xx, never a 500 (found in review, kept as tests).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('strings that cannot be stored faithfully', () => {
  it('refuses NUL characters and lone surrogates with 400 naming the field, before and after login', async () => {
    const nul = await api(t, 'POST', '/user/login/id', { body: { wtId: 'ab\u0000', pwd: 'x' } });
    // NUL is a control character: the text policy refuses it first (docs/api.md "Input rules").
    expect(nul).toMatchObject({ status: 400, code: 400, msg: 'ID含有不允许的控制字符' });
    const lone = await api(t, 'POST', '/user/login/register', {
      body: { phone: uniquePhone(), pwd: 'abc12345', nickName: 'x\ud800y' },
    });
    expect(lone).toMatchObject({ status: 400, msg: '昵称含有不允许的字符', data: { field: 'nickName' } });
    const u = await registerUser(t);
    const keyword = await api(t, 'POST', '/userFriends/list', {
      token: u.token,
      body: { keyword: 'a\u0000' },
    });
    expect(keyword).toMatchObject({ status: 400, msg: '关键词含有不允许的控制字符' });
  });

  it('refuses a tag name of 15 characters that is too long to store', async () => {
    const u = await registerUser(t);
    const heavy = 'a' + '\u0301'.repeat(9);
    const res = await post(t, u, '/userTag/add', { tagName: heavy.repeat(15) });
    expect(res).toMatchObject({ status: 400, msg: '标签名称不能超过15个字符' });
  });
});

describe('races', () => {
  it('two tags renamed to one name at once: one wins, the others get 21021', async () => {
    const u = await registerUser(t);
    const tags: Tag[] = [];
    for (let i = 0; i < 6; i++) tags.push((await post<Tag>(t, u, '/userTag/add', { tagName: `t${i}` })).data);
    const results = await Promise.all(
      tags.map((tag) => post(t, u, '/userTag/rename', { tagId: tag.id, tagName: '同名' })),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 21021)).toHaveLength(5);
  });

  it('a wtId taken by a concurrent registration is reported as the wtId, and IDs ignore case', async () => {
    const bodies = [0, 1].map(() => ({
      phone: uniquePhone(),
      pwd: 'abc12345',
      nickName: 'x',
      wtId: 'Same_Case_Id',
    }));
    const [a, b] = await Promise.all(
      bodies.map((body) => api<LoginResult>(t, 'POST', '/user/login/register', { body })),
    );
    const codes = [a!.code, b!.code].sort((x, y) => x - y);
    expect(codes).toEqual([200, 10003]);
    const winner = a!.code === 200 ? a! : b!;
    expect(winner.data.wtId).toBe('same_case_id');
    const upper = await api(t, 'POST', '/user/login/register', {
      body: { phone: uniquePhone(), pwd: 'abc12345', nickName: 'x', wtId: 'SAME_CASE_ID' },
    });
    expect(upper).toMatchObject(Errors.wtIdTaken);
    const login = await api(t, 'POST', '/user/login/id', { body: { wtId: 'SAME_case_ID', pwd: 'abc12345' } });
    expect(login.code).toBe(200);
  });
});

describe('second-step password guessing', () => {
  it('allows 5 attempts per ticket even in parallel, and 10 wrong ones per account across tickets', async () => {
    const u = await registerUser(t);
    await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: 'second22', currentPwd: u.pwd },
    });
    const ticketOf = async () =>
      (await api<Step2Challenge>(t, 'POST', '/user/login/pwd', { body: { phone: u.phone, pwd: u.pwd } })).data
        .ticket;
    const ticket = await ticketOf();
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(t, 'POST', '/user/login/step2pwd', { body: { ticket, pwd: `bad${i}` } }),
      ),
    );
    expect(parallel.filter((r) => r.code === 10006)).toHaveLength(5);
    expect(parallel.filter((r) => r.code === 10005)).toHaveLength(7);
    // A new ticket per first step does not reset the account's budget: 5 more wrong ones, then locked.
    const second = await ticketOf();
    for (let i = 0; i < 5; i++) {
      expect(
        await api(t, 'POST', '/user/login/step2pwd', { body: { ticket: second, pwd: `no${i}` } }),
      ).toMatchObject(Errors.step2Wrong);
    }
    const third = await ticketOf();
    const locked = await api(t, 'POST', '/user/login/step2pwd', { body: { ticket: third, pwd: 'second22' } });
    expect(locked).toMatchObject(Errors.loginLocked);
  });
});

describe('sockets per user', () => {
  it(`keeps at most ${MAX_CONNECTIONS_PER_USER} sockets per user: a new one closes the oldest with 4004`, async () => {
    const u = await newUser(t, 'tabs');
    const sockets = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) {
      const s = await openSocket(t, u.token);
      await s.next((f) => f.type === 'hello');
      sockets.push(s);
    }
    const extra = await openSocket(t, u.token);
    await extra.next((f) => f.type === 'hello');
    expect(await sockets[0]!.closed).toEqual({ code: WsClose.displaced, reason: 'too many connections' });
    // The others, and the new one, stay open.
    expect([...sockets.slice(1), extra].every((s) => s.ws.readyState === s.ws.OPEN)).toBe(true);
    for (const s of [...sockets.slice(1), extra]) s.close();
  });
});

describe('malformed requests', () => {
  it('answers a multipart body without a boundary with 400, and an unsupported content type with 415', async () => {
    const u = await registerUser(t);
    const res = await fetch(`${t.baseUrl}/api/oss/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, msg: '上传数据不完整，请重试' });
    const xml = await fetch(`${t.baseUrl}/api/user/searchById`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ code: 415, msg: '不支持的请求内容类型' });
  });

  it('refuses a multipart boundary longer than 70 characters with 400 naming it, in the caller language', async () => {
    const u = await registerUser(t);
    const send = (boundary: string, lang?: string) =>
      fetch(`${t.baseUrl}/api/oss/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${u.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(lang ? { 'accept-language': lang } : {}),
        },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--${boundary}--\r\n`,
      });
    for (const length of [71, 254, 300]) {
      const res = await send('b'.repeat(length));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 400,
        msg: 'multipart 分隔符（boundary）不能超过70个字符',
        data: { field: 'boundary' },
      });
    }
    const en = await send('b'.repeat(254), 'en');
    expect(await en.json()).toMatchObject({
      code: 400,
      msg: 'The multipart boundary must be at most 70 characters long.',
    });
    const ja = await send('b'.repeat(254), 'ja');
    expect(await ja.json()).toMatchObject({
      code: 400,
      msg: 'multipart の区切り文字（boundary）は70文字以内にしてください。',
    });
    const ok = await send('b'.repeat(70));
    expect(ok.status).toBe(200);
  });
});
