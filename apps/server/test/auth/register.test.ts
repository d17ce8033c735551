import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@parley/protocol';
import { PRODUCTION_PASSWORD_COST } from '../../src/config.js';
import { api, registerUser, startTestServer, uniquePhone, type TestServer } from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('POST /user/login/register', () => {
  it('creates an account with a generated wtId and answers a working session', async () => {
    const phone = uniquePhone();
    const res = await api<LoginResult>(t, 'POST', '/user/login/register', {
      body: { phone, pwd: 'abc12345', nickName: '小明' },
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(200);
    expect(res.data.wtId).toMatch(/^wt\d{8}$/);
    expect(res.data.nickName).toBe('小明');
    expect(res.data.token.length).toBeGreaterThan(30);
    const info = await api<LoginResult>(t, 'GET', '/user/info', { token: res.data.token });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ phone, wtId: res.data.wtId, vipType: 0, hasStep2Pwd: false });
  });

  it('keeps a chosen wtId and refuses it a second time', async () => {
    const first = await registerUser(t, { wtId: 'chosen_id1' });
    expect(first.wtId).toBe('chosen_id1');
    const again = await api(t, 'POST', '/user/login/register', {
      body: { phone: uniquePhone(), pwd: 'abc12345', nickName: 'x', wtId: 'chosen_id1' },
    });
    expect(again.status).toBe(409);
    expect(again.code).toBe(10003);
    expect(again.msg).toBe('该ID已被占用');
  });

  it('refuses reserved wtIds', async () => {
    const res = await api(t, 'POST', '/user/login/register', {
      body: { phone: uniquePhone(), pwd: 'abc12345', nickName: 'x', wtId: 'yxsystem' },
    });
    expect(res).toMatchObject({ code: 10003, msg: '该ID为系统保留，请更换', data: { field: 'wtId' } });
  });

  it('refuses a phone number that is already registered', async () => {
    const phone = uniquePhone();
    await registerUser(t, { phone });
    const res = await api(t, 'POST', '/user/login/register', {
      body: { phone, pwd: 'abc12345', nickName: 'x' },
    });
    expect(res.status).toBe(409);
    expect(res.code).toBe(10002);
    expect(res.msg).toBe('该手机号已注册');
  });

  it.each([
    [{ pwd: 'abc12345', nickName: 'x' }, '手机号不能为空'],
    [{ phone: 13912345678, pwd: 'abc12345', nickName: 'x' }, '手机号格式不正确'],
    [{ phone: '12345', pwd: 'abc12345', nickName: 'x' }, '手机号格式不正确'],
    [{ phone: '13912345678', pwd: 'abc', nickName: 'x' }, '密码长度为6-32位'],
    [{ phone: '13912345678', pwd: 'abcdefgh', nickName: 'x' }, '密码须同时包含字母和数字'],
    [{ phone: '13912345678', pwd: 'a1'.repeat(17), nickName: 'x' }, '密码长度为6-32位'],
    [{ phone: '13912345678', pwd: 'abc12345', nickName: '' }, '昵称不能为空'],
    [
      { phone: '13912345678', pwd: 'abc12345', nickName: '一二三四五六七八九十一二三四五六' },
      '昵称不能超过15个字符',
    ],
    [
      { phone: '13912345678', pwd: 'abc12345', nickName: 'x', wtId: '9abc' },
      'ID须以字母开头，只能包含字母、数字、下划线和减号',
    ],
    [{ phone: '13912345678', pwd: 'abc12345', nickName: 'x', wtId: 'a'.repeat(21) }, 'ID长度为4-20位'],
  ])('answers 400 naming the field for %j', async (body, msg) => {
    const res = await api(t, 'POST', '/user/login/register', { body });
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toBe(msg);
  });

  it('answers 400 for a body that is not JSON, and 413 for an oversize body', async () => {
    const bad = await api(t, 'POST', '/user/login/register', { rawBody: '{"phone":' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('请求体不是有效的JSON');
    const big = await api(t, 'POST', '/user/login/register', {
      body: { phone: '13912345678', pwd: 'abc12345', nickName: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.code).toBe(413);
  });
});

describe('password hash cost', () => {
  async function storedHash(server: TestServer, wtId: string): Promise<string> {
    const row = await server.server.ctx.db
      .selectFrom('users')
      .select('pwd_hash')
      .where('wt_id', '=', wtId)
      .executeTakeFirstOrThrow();
    return String(row.pwd_hash);
  }

  it('stores argon2id at the production cost unless configured lower, and both kinds log in', async () => {
    const prod = await startTestServer({ passwordCost: PRODUCTION_PASSWORD_COST });
    try {
      const user = await registerUser(prod);
      expect(await storedHash(prod, user.wtId)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await api<LoginResult>(prod, 'POST', '/user/login/pwd', {
        body: { phone: user.phone, pwd: user.pwd },
      });
      expect(login.code).toBe(200);
    } finally {
      await prod.close();
    }
    // The suite's servers use the test cost from the environment (vitest.config.ts).
    const cheap = await registerUser(t);
    expect(t.config.passwordCost).toEqual({ memoryCost: 8, timeCost: 1, parallelism: 1 });
    expect(await storedHash(t, cheap.wtId)).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const login = await api<LoginResult>(t, 'POST', '/user/login/pwd', {
      body: { phone: cheap.phone, pwd: cheap.pwd },
    });
    expect(login.code).toBe(200);
  });
});
