import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Step2Challenge } from '@parley/protocol';
import { api, registerUser, startTestServer, type TestServer } from '../helpers.js';

// Catalogue codes of requests and login, each with its HTTP status, code and text.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('request and login refusals', () => {
  it('400 请求参数错误: a URL the router cannot decode, answered in the envelope', async () => {
    const res = await fetch(`${t.baseUrl}/api/user/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, msg: '请求参数错误', data: null });
  });

  it('413 请求内容过大: a body over the 1 MB limit, read no further', async () => {
    const u = await registerUser(t);
    const big = await api(t, 'POST', '/user/searchById', {
      token: u.token,
      rawBody: JSON.stringify({ searchId: 'x'.repeat(1024 * 1024) }),
    });
    expect(big).toMatchObject({ status: 413, code: 413, msg: '请求内容过大' });
  });

  it('712 请输入二级密码: a login of an account with a second-step password (HTTP 200, a ticket)', async () => {
    const u = await registerUser(t);
    const set = await api(t, 'POST', '/user/setStep2Pwd', {
      token: u.token,
      body: { pwd: 'second22', currentPwd: u.pwd },
    });
    expect(set.code).toBe(200);
    const login = await api<Step2Challenge>(t, 'POST', '/user/login/pwd', {
      body: { phone: u.phone, pwd: u.pwd },
    });
    expect(login).toMatchObject({ status: 200, code: 712, msg: '请输入二级密码' });
    expect(login.data.ticket).toMatch(/^[\w-]{16,}$/);
  });

  it('10009 二维码不存在: polling or confirming a QR code never issued', async () => {
    const u = await registerUser(t);
    const unknown = { status: 404, code: 10009, msg: '二维码不存在' };
    expect(await api(t, 'POST', '/user/login/qrCode', { body: { qrCode: 'missing-code' } })).toMatchObject(
      unknown,
    );
    expect(
      await api(t, 'POST', '/user/login/qrCode/confirm', {
        token: u.token,
        body: { qrCode: 'missing-code' },
      }),
    ).toMatchObject(unknown);
  });
});
