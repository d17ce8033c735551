import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteData } from '@parley/protocol';
import { ADMIN_CONFIRM_MS } from '../../src/policies/admin.policy.js';
import { cli, cliEnvOf } from '../cli-run.js';
import {
  api,
  FakeClock,
  openSocket,
  registerUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../helpers.js';
import { sendText, userOn } from '../messaging/helpers.js';

// The admin routes (SQLite, or PostgreSQL with DATABASE_URL): refused to all but operators, each
// action's effect through the public API, its audit row, and the password confirmation on a fake clock.
const clock = new FakeClock();
let t: TestServer;
let op: TestUser;
let plain: TestUser;

const admin = <T = unknown>(path: string, user: TestUser | undefined, body: unknown, lang?: string) =>
  api<T>(t, 'POST', `/admin/${path}`, {
    ...(user ? { token: user.token } : {}),
    body,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

const ROUTES: [string, unknown][] = [
  ['overview', undefined],
  ['users', { keyword: 'x' }],
  ['user', { wtId: 'someone' }],
  ['confirm', { pwd: 'secret123' }],
  ['user/ban', { wtId: 'someone', banReason: 'spam' }],
  ['user/unban', { wtId: 'someone' }],
  ['user/signOut', { wtId: 'someone' }],
  ['user/resetPassword', { wtId: 'someone' }],
  ['user/official', { wtId: 'someone', isOfficial: 1 }],
  ['audit', {}],
];

beforeAll(async () => {
  t = await startTestServer({}, clock);
  op = await registerUser(t);
  plain = await registerUser(t);
  expect((await cli(['admin', 'grant', op.wtId], cliEnvOf(t))).code).toBe(0);
});
afterAll(() => t.close());

describe('admin routes', () => {
  it('the role shows in the user info: operators only', async () => {
    expect((await api(t, 'GET', '/user/info', { token: op.token })).data).toMatchObject({ isOperator: true });
    expect((await api(t, 'GET', '/user/info', { token: plain.token })).data).toMatchObject({
      isOperator: false,
    });
  });

  it('every admin route: 28001 for a normal user, 401 signed out', async () => {
    for (const [path, body] of ROUTES) {
      expect(await admin(path, plain, body)).toMatchObject({
        status: 403,
        code: 28001,
        msg: '仅运营人员可以使用管理后台',
      });
      expect((await admin(path, plain, body, 'en')).msg).toBe('Only operators can use the admin console.');
      expect(await admin(path, undefined, body)).toMatchObject({ status: 401, code: 401 });
    }
  });

  it('a ban needs a fresh password confirmation (28002), a wrong password is refused', async () => {
    const b = await userOn(t, 'adm_b1');
    const ban = { wtId: b.wtId, banReason: 'spam' };
    expect(await admin('user/ban', op, ban)).toMatchObject({
      status: 403,
      code: 28002,
      msg: '请重新输入密码以确认此操作',
    });
    expect((await admin('confirm', op, { pwd: 'wrong-one' })).code).toBe(10001);
    expect(await admin('confirm', op, { pwd: op.pwd })).toMatchObject({
      code: 200,
      data: { confirmedAt: clock.now() },
    });
    clock.advance(ADMIN_CONFIRM_MS);
    expect((await admin('user/ban', op, ban)).code).toBe(200);
    clock.advance(1);
    expect((await admin('user/ban', op, ban)).code).toBe(28002);
    expect((await admin('user/unban', op, { wtId: b.wtId })).code).toBe(200);
  });

  it('ban: the sender gets 20012 until unban; one audit row per action with before and after', async () => {
    const [b, c] = [await userOn(t, 'adm_b2'), await userOn(t, 'adm_c2')];
    expect((await admin('confirm', op, { pwd: op.pwd })).code).toBe(200);
    const until = clock.now() + 3600_000;
    expect(await admin('user/ban', op, { wtId: b.wtId, banReason: 'spam', banUntil: until })).toMatchObject({
      code: 200,
      data: { wtId: b.wtId, sendBannedUntil: until },
    });
    expect(await sendText(t, b, c, 'hi')).toMatchObject({ status: 403, code: 20012 });
    expect((await admin('user/unban', op, { wtId: b.wtId })).code).toBe(200);
    expect((await sendText(t, b, c, 'hi')).code).toBe(200);
    const log = await admin<{ entries: unknown[]; total: number }>('audit', op, { targetWtId: b.wtId });
    expect(log.data.total).toBe(2);
    expect(log.data.entries).toEqual([
      expect.objectContaining({
        operatorWtId: op.wtId,
        action: 'user.unban',
        target: b.wtId,
        before: { sendBannedUntil: until },
        after: { sendBannedUntil: 0 },
      }),
      expect.objectContaining({
        action: 'user.ban',
        before: { sendBannedUntil: 0 },
        after: { sendBannedUntil: until, reason: 'spam' },
        ip: expect.any(String),
      }),
    ]);
    const bans = await admin<{ total: number }>('audit', op, {
      adminAction: 'user.ban',
      operatorWtId: op.wtId,
    });
    expect(bans.data.total).toBeGreaterThanOrEqual(1);
    expect((await admin<{ total: number }>('audit', op, { operatorWtId: plain.wtId })).data.total).toBe(0);
  });

  it('sign out everywhere ends the sessions; reset password needs confirmation and answers a password that logs in', async () => {
    const b = await registerUser(t);
    expect(await admin('user/signOut', op, { wtId: b.wtId })).toMatchObject({
      code: 200,
      data: { wtId: b.wtId, sessionsEnded: 1 },
    });
    expect(await api(t, 'GET', '/user/info', { token: b.token })).toMatchObject({ status: 401, code: 11016 });
    clock.advance(ADMIN_CONFIRM_MS + 1);
    expect((await admin('user/resetPassword', op, { wtId: b.wtId })).code).toBe(28002);
    expect((await admin('confirm', op, { pwd: op.pwd })).code).toBe(200);
    const reset = await admin<{ password: string }>('user/resetPassword', op, { wtId: b.wtId });
    expect(reset.code).toBe(200);
    const login = (pwd: string) => api(t, 'POST', '/user/login/id', { body: { wtId: b.wtId, pwd } });
    expect((await login(b.pwd)).code).toBe(10001);
    expect((await login(reset.data.password)).code).toBe(200);
    const log = await admin<{ entries: { action: string; after: unknown }[] }>('audit', op, {
      targetWtId: b.wtId,
    });
    expect(log.data.entries.map((e) => [e.action, e.after])).toEqual([
      ['user.resetPassword', { sessionsEnded: 0 }],
      ['user.signOut', { sessionsEnded: 1 }],
    ]);
    expect(JSON.stringify(log.data)).not.toContain(reset.data.password);
  });

  it('official mark: granted and revoked, with before and after', async () => {
    const b = await registerUser(t);
    const row = () =>
      t.server.ctx.db
        .selectFrom('users')
        .select('is_official')
        .where('wt_id', '=', b.wtId)
        .executeTakeFirstOrThrow();
    expect((await admin('user/official', op, { wtId: b.wtId, isOfficial: 1 })).data).toEqual({
      wtId: b.wtId,
      isOfficial: 1,
    });
    expect(Number((await row()).is_official)).toBe(1);
    expect((await admin('user/official', op, { wtId: b.wtId, isOfficial: 0 })).code).toBe(200);
    expect(Number((await row()).is_official)).toBe(0);
    const log = await admin<{ entries: { before: unknown; after: unknown }[] }>('audit', op, {
      targetWtId: b.wtId,
      adminAction: 'user.official',
    });
    expect(log.data.entries.map((e) => [e.before, e.after])).toEqual([
      [{ isOfficial: 1 }, { isOfficial: 0 }],
      [{ isOfficial: 0 }, { isOfficial: 1 }],
    ]);
    expect((await admin('user/official', op, { wtId: b.wtId, isOfficial: 2 })).status).toBe(400);
  });

  it("overview: accounts, today's messages and senders, sockets and calls now", async () => {
    const before = (await admin<RouteData<'admin', 'overview'>>('overview', op, undefined)).data;
    const [b, c] = [await userOn(t, 'adm_ov_b'), await userOn(t, 'adm_ov_c')];
    const socket = await openSocket(t, b.token);
    expect((await sendText(t, b, c, 'one')).code).toBe(200);
    expect((await sendText(t, b, c, 'two')).code).toBe(200);
    const after = (await admin<RouteData<'admin', 'overview'>>('overview', op, undefined)).data;
    socket.close();
    expect(after.usersTotal - before.usersTotal).toBe(2);
    expect(after.messagesToday - before.messagesToday).toBe(2);
    expect(after.activeToday - before.activeToday).toBe(1);
    expect(after.socketsNow).toBeGreaterThanOrEqual(1);
    expect(after.callsNow).toBe(0);
  });

  it('users search: by wtId or phone exactly, by a part of the nickname (wildcards literal), paged', async () => {
    const b = await registerUser(t, { nickName: 'Zq%Searchable' });
    const found = (body: unknown) => admin<{ users: { wtId: string }[]; total: number }>('users', op, body);
    for (const keyword of [b.wtId.toUpperCase(), b.phone, 'q%search'])
      expect((await found({ keyword })).data).toMatchObject({ total: 1, users: [{ wtId: b.wtId }] });
    expect((await found({ keyword: 'q_search' })).data.total).toBe(0);
    expect((await found({ keyword: b.wtId })).data.users[0]).toMatchObject({
      phone: b.phone,
      nickName: 'Zq%Searchable',
      isOperator: false,
      sendBannedUntil: 0,
    });
    expect((await found({ keyword: b.wtId, pageNum: 2 })).data).toEqual({ users: [], total: 1 });
    expect((await found({ keyword: '' })).status).toBe(400);
  });

  it('one account: profile, open sessions, groups, reports against it', async () => {
    const b = await registerUser(t);
    await api(t, 'POST', '/user/login/id', { body: { wtId: b.wtId, pwd: b.pwd } });
    const page = await admin('user', op, { wtId: b.wtId });
    expect(page).toMatchObject({
      code: 200,
      data: { user: { wtId: b.wtId, phone: b.phone }, sessions: 2, groups: 0, reportsAgainst: 0 },
    });
    expect(await admin('user', op, { wtId: 'nobody_here' })).toMatchObject({ status: 404, code: 10010 });
  });

  it('an unknown account is answered 10010, and writes no audit row', async () => {
    expect(await admin('user/unban', op, { wtId: 'nobody_here' })).toMatchObject({
      status: 404,
      code: 10010,
    });
    expect((await admin<{ total: number }>('audit', op, { targetWtId: 'nobody_here' })).data.total).toBe(0);
  });

  it('a revoked operator is refused at once', async () => {
    const o2 = await registerUser(t);
    await cli(['admin', 'grant', o2.wtId], cliEnvOf(t));
    expect((await admin('audit', o2, {})).code).toBe(200);
    await cli(['admin', 'revoke', o2.wtId], cliEnvOf(t));
    expect((await admin('audit', o2, {})).code).toBe(28001);
  });
});
