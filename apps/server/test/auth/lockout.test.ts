import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CEILING_FACTOR } from '../../src/modules/auth/auth.service.js';
import { api, FakeClock, registerUser, startTestServer, type TestServer, type TestUser } from '../helpers.js';

// Wrong passwords count per (account, client): someone guessing elsewhere cannot lock the owner out
// of their own device, and guessing from many clients hits a per-account ceiling (docs/api.md).
const PER_CLIENT = 3;
const CEILING = PER_CLIENT * ACCOUNT_CEILING_FACTOR;
const LOCKED = { status: 429, code: 10004, msg: '登录失败次数过多，请15分钟后再试' };
const WRONG = { status: 400, code: 10001, msg: '账号或密码错误' };

const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  // trustProxy: each test client names its IP with X-Forwarded-For, as behind a proxy.
  t = await startTestServer(
    { loginFailuresPerAccount: PER_CLIENT, authIpPerMinute: 100_000, trustProxy: true },
    clock,
  );
});
afterAll(() => t.close());

interface Client {
  ip: string;
  device?: string;
}

function login(user: TestUser, pwd: string, client: Client) {
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.device) headers['device-id'] = client.device;
  return api(t, 'POST', '/user/login/pwd', { body: { phone: user.phone, pwd }, headers });
}

async function fail(user: TestUser, client: Client, times: number) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await login(user, `wrong${i}pwd`, client)).code);
  expect(codes).toEqual(codes.map(() => 10001));
}

describe('login lockout', () => {
  it("locks the guessing client out, not the owner's browser on another IP", async () => {
    const owner = await registerUser(t);
    const home: Client = { ip: '198.51.100.7' };
    const attacker: Client = { ip: '203.0.113.9' };
    await fail(owner, attacker, PER_CLIENT);
    expect(await login(owner, owner.pwd, attacker)).toMatchObject(LOCKED);
    expect((await login(owner, owner.pwd, home)).code).toBe(200);
    // The owner's own typos still count for the owner's client only.
    await fail(owner, home, PER_CLIENT - 1);
    expect((await login(owner, owner.pwd, home)).code).toBe(200);
    // Fifteen minutes later the attacker's client may try again.
    clock.advance(15 * 60 * 1000);
    expect((await login(owner, owner.pwd, attacker)).code).toBe(200);
  });

  it("locks one device, not the owner's device behind the same IP", async () => {
    const owner = await registerUser(t);
    const office = '192.0.2.10';
    await fail(owner, { ip: office, device: 'shared-pc' }, PER_CLIENT);
    expect(await login(owner, owner.pwd, { ip: office, device: 'shared-pc' })).toMatchObject(LOCKED);
    expect((await login(owner, owner.pwd, { ip: office, device: 'owner-laptop' })).code).toBe(200);
  });

  it('past the per-account ceiling, only clients that logged in before may still try', async () => {
    const owner = await registerUser(t);
    const phone: Client = { ip: '198.51.100.20', device: 'owner-phone' };
    expect((await login(owner, owner.pwd, phone)).code).toBe(200);
    // Guessing from many clients, each under its own limit, up to the account's ceiling.
    for (let i = 0; i < ACCOUNT_CEILING_FACTOR; i++)
      await fail(owner, { ip: `203.0.113.${100 + i}`, device: `bot-${i}` }, PER_CLIENT);
    const fresh: Client = { ip: '203.0.113.250', device: 'bot-new' };
    expect(await login(owner, owner.pwd, fresh)).toMatchObject(LOCKED);
    // A never-seen client of the owner waits too; the known phone still logs in.
    expect(await login(owner, owner.pwd, { ip: '198.51.100.21', device: 'owner-tablet' })).toMatchObject(
      LOCKED,
    );
    expect((await login(owner, owner.pwd, phone)).code).toBe(200);
    expect(await login(owner, 'wrong-again1', phone)).toMatchObject(WRONG);
    clock.advance(15 * 60 * 1000);
    expect((await login(owner, owner.pwd, fresh)).code).toBe(200);
  });

  it(`counts the ceiling as ${CEILING} failures over all clients of one account`, async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    for (let i = 0; i < CEILING - 1; i++) {
      expect(await login(owner, `nope${i}xx`, { ip: `203.0.113.${i % 200}`, device: `d${i}` })).toMatchObject(
        WRONG,
      );
    }
    // One below the ceiling a new client may still log in; other accounts are untouched.
    expect((await login(owner, owner.pwd, { ip: '198.51.100.99', device: 'x' })).code).toBe(200);
    expect((await login(other, other.pwd, { ip: '203.0.113.1', device: 'd1' })).code).toBe(200);
  });
});
