import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, UserInfo } from '@parley/protocol';
import { api, startTestServer, uniquePhone, type TestServer } from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let counter = 0;
/** Unique digits for this process: 8 of them, so '+81 90' + 8 = a 12-digit E.164 number. */
const digits = () => String((process.pid % 100000) * 1000 + ++counter).padStart(8, '0');

async function register(phone: string, nickName = 'Intl') {
  return api<LoginResult>(t, 'POST', '/user/login/register', { body: { phone, pwd: 'abc12345', nickName } });
}
async function login(phone: string) {
  return api<LoginResult>(t, 'POST', '/user/login/pwd', { body: { phone, pwd: 'abc12345' } });
}

describe('international phone numbers (E.164)', () => {
  it('registers and logs in with a +81 number, stored without spaces or dashes', async () => {
    const d = digits();
    const formatted = `+81 90-${d.slice(0, 4)}-${d.slice(4)}`;
    const stored = `+8190${d}`;
    const reg = await register(formatted, '佐藤');
    expect(reg.code).toBe(200);
    expect(reg.data.phone).toBe(stored);
    const byStored = await login(stored);
    expect(byStored.code).toBe(200);
    expect(byStored.data.wtId).toBe(reg.data.wtId);
    const byFormatted = await login(formatted);
    expect(byFormatted.data.wtId).toBe(reg.data.wtId);
    const info = await api<UserInfo>(t, 'GET', '/user/info', { token: byStored.data.token });
    expect(info.data.phone).toBe(stored);
  });

  it('finds a user by an international number, written with or without spaces', async () => {
    const d = digits();
    const reg = await register(`+8190${d}`, '鈴木');
    const other = await register(`+1415${d.slice(1)}`, 'Searcher');
    for (const searchId of [`+8190${d}`, `+81 90 ${d.slice(0, 4)} ${d.slice(4)}`]) {
      const found = await api<{ wtId: string; source: number }>(t, 'POST', '/user/searchById', {
        token: other.data.token,
        body: { searchId },
      });
      expect([found.code, found.data.wtId, found.data.source]).toEqual([200, reg.data.wtId, 2]);
    }
  });

  it('registers and logs in with a +1 number', async () => {
    const d = digits().slice(1);
    const phone = `+1 (415) ${d.slice(0, 3)}-${d.slice(3)}`;
    const reg = await register(phone);
    expect(reg.code).toBe(200);
    expect(reg.data.phone).toBe(`+1415${d}`);
    const again = await login(`+1415${d}`);
    expect(again.code).toBe(200);
    expect(again.data.wtId).toBe(reg.data.wtId);
  });

  it('a mainland number works as before, and +86 with it is the same account', async () => {
    const phone = uniquePhone();
    const reg = await register(phone);
    expect(reg.code).toBe(200);
    expect(reg.data.phone).toBe(phone);
    expect((await login(phone)).data.wtId).toBe(reg.data.wtId);
    const plus86 = await login(`+86${phone}`);
    expect(plus86.code).toBe(200);
    expect(plus86.data.wtId).toBe(reg.data.wtId);
    const spaced = await login(`+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
    expect(spaced.data.wtId).toBe(reg.data.wtId);
    // The same number again, written with +86, is taken.
    const dup = await register(`+86-${phone}`);
    expect(dup).toMatchObject({ status: 409, code: 10002, msg: '该手机号已注册' });
  });

  it.each([
    ['819012345678'], // no +
    ['+0123456789'], // country code cannot start with 0
    ['+1234567'], // 7 digits
    ['+1234567890123456'], // 16 digits
    ['+81 90 1234 abcd'],
    ['0081 90 1234 5678'],
    ['12812345678'], // not a mainland mobile prefix
    [`+81${'1'.repeat(100)}`],
  ])('refuses %s with a 400 naming the field, on register and login', async (phone) => {
    const refused = { status: 400, code: 400, msg: '手机号格式不正确' };
    expect(await register(phone)).toMatchObject(refused);
    expect(await login(phone)).toMatchObject(refused);
  });
});
