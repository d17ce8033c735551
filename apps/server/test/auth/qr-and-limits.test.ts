import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type LoginResult, type QrCodeIssued, type QrPollResult } from '@parley/protocol';
import { FakeClock, api, registerUser, startTestServer, type TestServer } from '../helpers.js';

let t: TestServer;
const clock = new FakeClock();
beforeAll(async () => {
  t = await startTestServer({}, clock);
});
afterAll(() => t.close());

describe('QR login', () => {
  it('logs the polling page in once a logged-in session confirms, and only once', async () => {
    const u = await registerUser(t, { nickName: 'Scanner' });
    const issued = await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode');
    expect(issued.code).toBe(200);
    const qrCode = issued.data.qrCode;
    expect((await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } })).data.status).toBe(
      0,
    );
    await api(t, 'POST', '/user/login/qrCode/scan', { token: u.token, body: { qrCode } });
    expect((await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } })).data.status).toBe(
      1,
    );
    const confirm = await api(t, 'POST', '/user/login/qrCode/confirm', { token: u.token, body: { qrCode } });
    expect(confirm.code).toBe(200);
    const done = await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(done.data.status).toBe(2);
    const token = done.data.login!.token;
    const info = await api<LoginResult>(t, 'GET', '/user/info', { token });
    expect(info.data.nickName).toBe('Scanner');
    const again = await api(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(again).toMatchObject({ status: 409, code: 10008, msg: '二维码已被使用，请刷新' });
  });

  it('keeps the first scanner: a scan by another account is refused, and the first one still confirms', async () => {
    const first = await registerUser(t, { nickName: 'First' });
    const second = await registerUser(t, { nickName: 'Second' });
    const qrCode = (await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode')).data.qrCode;
    const scan = (token: string, lang?: string) =>
      api(t, 'POST', '/user/login/qrCode/scan', {
        token,
        body: { qrCode },
        headers: lang ? { 'accept-language': lang } : {},
      });
    expect(await scan(first.token)).toMatchObject({ status: 200, code: 200, data: { status: 1 } });
    expect(await scan(second.token)).toEqual({
      status: 403,
      code: 403,
      msg: '二维码已被其他账号扫描',
      data: null,
    });
    expect(await scan(second.token, 'en')).toMatchObject({
      code: 403,
      msg: 'This QR code was scanned by another account.',
    });
    // The same account may scan again; the binding is unchanged.
    expect(await scan(first.token)).toMatchObject({ status: 200, data: { status: 1 } });
    const stolen = await api(t, 'POST', '/user/login/qrCode/confirm', {
      token: second.token,
      body: { qrCode },
    });
    expect(stolen).toMatchObject({ status: 403, code: 403, msg: '二维码已被其他账号扫描' });
    const ok = await api(t, 'POST', '/user/login/qrCode/confirm', { token: first.token, body: { qrCode } });
    expect(ok).toMatchObject({ status: 200, data: { status: 2 } });
    const done = await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    const info = await api<LoginResult>(t, 'GET', '/user/info', { token: done.data.login!.token });
    expect(info.data.nickName).toBe('First');
  });

  it('two accounts scanning at once: exactly one binds the code', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const qrCode = (await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode')).data.qrCode;
    const results = await Promise.all(
      [a, b].map((u) => api(t, 'POST', '/user/login/qrCode/scan', { token: u.token, body: { qrCode } })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([200, 403]);
    const winner = results[0]!.code === 200 ? a : b;
    const ok = await api(t, 'POST', '/user/login/qrCode/confirm', { token: winner.token, body: { qrCode } });
    expect(ok).toMatchObject({ status: 200, data: { status: 2 } });
  });

  it('refuses confirming without a session, unknown codes and expired codes', async () => {
    const issued = await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode');
    const anon = await api(t, 'POST', '/user/login/qrCode/confirm', { body: { qrCode: issued.data.qrCode } });
    expect(anon).toMatchObject(Errors.unauthorized);
    const unknown = await api(t, 'POST', '/user/login/qrCode', { body: { qrCode: 'missing-code' } });
    expect(unknown).toMatchObject(Errors.qrUnknown);
    clock.advance(3 * 60 * 1000);
    const expired = await api(t, 'POST', '/user/login/qrCode', { body: { qrCode: issued.data.qrCode } });
    expect(expired).toMatchObject({ status: 400, code: 10007, msg: '二维码已过期，请刷新' });
    const u = await registerUser(t);
    const late = await api(t, 'POST', '/user/login/qrCode/confirm', {
      token: u.token,
      body: { qrCode: issued.data.qrCode },
    });
    expect(late).toMatchObject(Errors.qrExpired);
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 with a clear message past the per-minute limit', async () => {
    const small = await startTestServer({ authIpPerMinute: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        codes.push(
          (await api(small, 'POST', '/user/login/pwd', { body: { phone: '13700000001', pwd: 'x1' } })).code,
        );
      }
      expect(codes.slice(0, 5)).toEqual([10001, 10001, 10001, 10001, 10001]);
      const limited = await api(small, 'POST', '/user/login/register', {
        body: { phone: '13700000002', pwd: 'abc12345', nickName: 'x' },
      });
      expect(limited).toMatchObject({ status: 429, code: 429, msg: '操作过于频繁，请稍后再试' });
    } finally {
      await small.close();
    }
  });
});
