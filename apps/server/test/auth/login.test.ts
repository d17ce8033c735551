import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type LoginResult, type Step2Challenge } from '@parley/protocol';
import { api, FakeClock, registerUser, startTestServer, type TestServer } from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('password login', () => {
  it('logs in by phone and by wtId, each with its own token', async () => {
    const u = await registerUser(t, { wtId: 'login_user1', nickName: 'L' });
    const byPhone = await api<LoginResult>(t, 'POST', '/user/login/pwd', {
      body: { phone: u.phone, pwd: u.pwd },
    });
    expect(byPhone.code).toBe(200);
    expect(byPhone.data.wtId).toBe('login_user1');
    const byId = await api<LoginResult>(t, 'POST', '/user/login/id', {
      body: { wtId: 'login_user1', pwd: u.pwd },
    });
    expect(byId.code).toBe(200);
    expect(byId.data.token).not.toBe(byPhone.data.token);
    for (const token of [u.token, byPhone.data.token, byId.data.token]) {
      expect((await api(t, 'GET', '/user/info', { token })).code).toBe(200);
    }
  });

  it('answers the same error for a wrong password and an unknown account', async () => {
    const u = await registerUser(t);
    const wrong = await api(t, 'POST', '/user/login/pwd', { body: { phone: u.phone, pwd: 'nope1234' } });
    const unknown = await api(t, 'POST', '/user/login/pwd', {
      body: { phone: '13700000000', pwd: 'nope1234' },
    });
    for (const r of [wrong, unknown]) expect(r).toMatchObject(Errors.wrongPassword);
  });

  it('validates the login bodies', async () => {
    const refused = (msg: string) => ({ status: 400, code: 400, msg });
    const noPwd = await api(t, 'POST', '/user/login/pwd', { body: { phone: '13912345678' } });
    expect(noPwd).toMatchObject(refused('密码不能为空'));
    const noId = await api(t, 'POST', '/user/login/id', { body: { pwd: 'x' } });
    expect(noId).toMatchObject(refused('ID不能为空'));
    const empty = await api(t, 'POST', '/user/login/pwd', {});
    expect(empty).toMatchObject(refused('手机号不能为空'));
  });

  it('locks an account after 10 failed logins in a row, even for the right password', async () => {
    const u = await registerUser(t, { wtId: 'lock_me01' });
    for (let i = 0; i < 10; i++) {
      const r = await api(t, 'POST', '/user/login/id', { body: { wtId: 'lock_me01', pwd: `bad${i}xx1` } });
      expect(r).toMatchObject(Errors.wrongPassword);
    }
    const locked = await api(t, 'POST', '/user/login/id', { body: { wtId: 'lock_me01', pwd: u.pwd } });
    expect(locked).toMatchObject(Errors.loginLocked);
    // The lock is per account: the same user by phone is a different key, other accounts still work.
    const other = await registerUser(t);
    expect(
      (await api(t, 'POST', '/user/login/pwd', { body: { phone: other.phone, pwd: other.pwd } })).code,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 with the catalogue text for a missing or unknown token', async () => {
    const none = await api(t, 'GET', '/user/info');
    expect(none).toMatchObject({ status: 401, code: 401, msg: '认证失败，无法访问系统资源' });
    const garbage = await api(t, 'GET', '/user/info', { token: 'x'.repeat(43) });
    expect(garbage).toMatchObject(Errors.unauthorized);
    const malformed = await api(t, 'GET', '/user/info', { headers: { authorization: 'Basic abc' } });
    expect(malformed).toMatchObject(Errors.unauthorized);
  });

  it('refuses a token reused after logout with 11013', async () => {
    const u = await registerUser(t);
    expect((await api(t, 'POST', '/user/logout', { token: u.token })).code).toBe(200);
    const reused = await api(t, 'GET', '/user/info', { token: u.token });
    expect(reused).toMatchObject({ status: 401, code: 11013, msg: '登录状态已失效，请重新登录' });
    expect(await api(t, 'POST', '/user/logout', { token: u.token })).toMatchObject(Errors.sessionRevoked);
  });

  it('ends the other sessions with 11016 on logoutOthers and keeps the caller', async () => {
    const u = await registerUser(t);
    const second = await api<LoginResult>(t, 'POST', '/user/login/pwd', {
      body: { phone: u.phone, pwd: u.pwd },
    });
    const res = await api<{ count: number }>(t, 'POST', '/user/logoutOthers', { token: u.token });
    expect(res.data.count).toBe(1);
    expect((await api(t, 'GET', '/user/info', { token: u.token })).code).toBe(200);
    const kicked = await api(t, 'GET', '/user/info', { token: second.data.token });
    expect(kicked).toMatchObject({ status: 401, code: 11016, msg: '您已被强制下线' });
  });

  it('expires tokens after the configured lifetime with 11011', async () => {
    const clock = new FakeClock();
    const short = await startTestServer({ tokenTtlSeconds: 60 }, clock);
    try {
      const u = await registerUser(short);
      clock.advance(59_999);
      expect((await api(short, 'GET', '/user/info', { token: u.token })).code).toBe(200);
      clock.advance(1);
      const expired = await api(short, 'GET', '/user/info', { token: u.token });
      expect(expired).toMatchObject({ status: 401, code: 11011, msg: '登录已过期，请重新登录' });
    } finally {
      await short.close();
    }
  });
});

describe('second-step password (712)', () => {
  it('answers 712 with a ticket and completes with the second password once', async () => {
    const u = await registerUser(t);
    const set = await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: 'second22', tips: '宠物名字', currentPwd: u.pwd },
    });
    expect(set.code).toBe(200);
    const first = await api<Step2Challenge>(t, 'POST', '/user/login/pwd', {
      body: { phone: u.phone, pwd: u.pwd },
    });
    expect(first).toMatchObject({ status: 200, code: 712, msg: '请输入二级密码' });
    expect(first.data.tips).toBe('宠物名字');
    const ticket = first.data.ticket;
    const tips = await api<{ tips: string }>(t, 'POST', '/user/login/step2pwd/tips', { body: { ticket } });
    expect(tips.data.tips).toBe('宠物名字');
    const wrong = await api(t, 'POST', '/user/login/step2pwd', { body: { ticket, pwd: 'wrong' } });
    expect(wrong).toMatchObject({ code: 10006, msg: '二级密码错误' });
    const done = await api<LoginResult>(t, 'POST', '/user/login/step2pwd', {
      body: { ticket, pwd: 'second22' },
    });
    expect(done.code).toBe(200);
    expect((await api(t, 'GET', '/user/info', { token: done.data.token })).data).toMatchObject({
      hasStep2Pwd: true,
    });
    const reuse = await api(t, 'POST', '/user/login/step2pwd', { body: { ticket, pwd: 'second22' } });
    expect(reuse).toMatchObject({ code: 10005, msg: '验证已过期，请重新登录' });
  });

  it('refuses to set a second password without the current one, and clears it with an empty one', async () => {
    const u = await registerUser(t);
    const hasStep2 = async () =>
      (await api<{ hasStep2Pwd: boolean }>(t, 'GET', '/user/info', { token: u.token })).data.hasStep2Pwd;
    const bad = await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: 'second22', currentPwd: 'nope1234' },
    });
    expect(bad).toMatchObject({ status: 400, code: 10001, msg: '当前密码错误' });
    expect(await hasStep2()).toBe(false);
    const set = await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: 'second22', currentPwd: u.pwd },
    });
    expect(set).toMatchObject({ status: 200, code: 200, msg: '操作成功' });
    expect(await hasStep2()).toBe(true);
    const cleared = await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: '', currentPwd: u.pwd },
    });
    expect(cleared).toMatchObject({ status: 200, code: 200, msg: '操作成功' });
    expect(await hasStep2()).toBe(false);
    const login = await api<LoginResult>(t, 'POST', '/user/login/pwd', {
      body: { phone: u.phone, pwd: u.pwd },
    });
    expect(login.code).toBe(200);
    expect(login.data.token).toEqual(expect.any(String));
  });

  it('rejects an unknown ticket', async () => {
    const r = await api(t, 'POST', '/user/login/step2pwd', { body: { ticket: 'nope', pwd: 'x' } });
    expect(r).toMatchObject(Errors.step2TicketInvalid);
    const missing = await api(t, 'POST', '/user/login/step2pwd', { body: { pwd: 'x' } });
    expect(missing).toMatchObject({ status: 400, code: 400, msg: '验证票据不能为空' });
  });
});
