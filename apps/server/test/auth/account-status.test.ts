import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsClose, type QrCodeIssued, type QrPollResult } from '@parley/protocol';
import {
  api,
  openSocket,
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DISABLED = { status: 401, code: 11014, msg: '账号已被停用' };

/**
 * Disabling an account has no route (an operator does it in the database): the test sets the status
 * on the test server's own database, as the operator would.
 */
async function disable(user: TestUser): Promise<void> {
  await t.server.ctx.db.updateTable('users').set({ status: 2 }).where('wt_id', '=', user.wtId).execute();
}

async function issueQr(): Promise<string> {
  const issued = await api<QrCodeIssued>(t, 'POST', '/user/login/genQrCode');
  expect(issued.code).toBe(200);
  return issued.data.qrCode;
}

describe('a disabled account (11014)', () => {
  it('cannot log in with the right password, by phone or by wtId', async () => {
    const u = await registerUser(t);
    await disable(u);
    const byPhone = await api(t, 'POST', '/user/login/pwd', { body: { phone: u.phone, pwd: u.pwd } });
    expect(byPhone).toMatchObject(DISABLED);
    const byId = await api(t, 'POST', '/user/login/id', { body: { wtId: u.wtId, pwd: u.pwd } });
    expect(byId).toMatchObject(DISABLED);
    // A wrong password still reads as a wrong password (nothing tells a guesser the account state).
    const wrong = await api(t, 'POST', '/user/login/pwd', { body: { phone: u.phone, pwd: 'nope1234' } });
    expect(wrong).toMatchObject({ status: 400, code: 10001, msg: '账号或密码错误' });
  });

  it('ends the sessions it already had: every call and a new socket answer 11014', async () => {
    const u = await registerUser(t);
    expect((await api(t, 'GET', '/user/info', { token: u.token })).code).toBe(200);
    await disable(u);
    expect(await api(t, 'GET', '/user/info', { token: u.token })).toMatchObject(DISABLED);
    expect(await api(t, 'POST', '/userFriends/list', { token: u.token, body: {} })).toMatchObject(DISABLED);
    const s = await openSocket(t, u.token);
    expect(await s.closed).toEqual({ code: WsClose.invalidToken, reason: '11014 account disabled' });
    expect(s.frames).toEqual([]);
  });

  it('gets no session from a QR code it confirmed before it was disabled', async () => {
    const u = await registerUser(t);
    const qrCode = await issueQr();
    expect((await api(t, 'POST', '/user/login/qrCode/scan', { token: u.token, body: { qrCode } })).code).toBe(
      200,
    );
    expect(
      (await api(t, 'POST', '/user/login/qrCode/confirm', { token: u.token, body: { qrCode } })).code,
    ).toBe(200);
    await disable(u);
    const poll = await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(poll).toMatchObject(DISABLED);
    expect(poll.data).toBeNull();
  });
});

describe('QR confirm by another account', () => {
  it('answers 403 when the code was scanned by someone else, and the scanner can still confirm', async () => {
    const scanner = await registerUser(t);
    const other = await registerUser(t);
    const qrCode = await issueQr();
    expect(
      (await api(t, 'POST', '/user/login/qrCode/scan', { token: scanner.token, body: { qrCode } })).code,
    ).toBe(200);
    const stolen = await api(t, 'POST', '/user/login/qrCode/confirm', {
      token: other.token,
      body: { qrCode },
    });
    expect(stolen).toMatchObject({ status: 403, code: 403, msg: '二维码已被其他账号扫描' });
    const polled = await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(polled.data.status).toBe(1); // still only scanned

    const ok = await api(t, 'POST', '/user/login/qrCode/confirm', { token: scanner.token, body: { qrCode } });
    expect(ok.code).toBe(200);
    const done = await api<QrPollResult>(t, 'POST', '/user/login/qrCode', { body: { qrCode } });
    expect(done.data.status).toBe(2);
    expect(done.data.login?.wtId).toBe(scanner.wtId);
  });
});
