import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, Errors, type MemberStatus, type UserInfo } from '@parley/protocol';
import { api, FakeClock, openSocket, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { invite, openTab } from '../calls/helpers.js';
import { cli, cliEnvOf } from '../cli-run.js';
import { befriend, userOn } from '../messaging/helpers.js';

const DAY = 24 * 3600 * 1000;
const clock = new FakeClock(Date.UTC(2026, 10, 28, 8, 0, 0));
let t: TestServer;

const redeem = (u: TestUser, code: string) =>
  api<MemberStatus>(t, 'POST', '/member/redeem', { token: u.token, body: { code } });
const get = <T>(u: TestUser, url: string) => api<T>(t, 'GET', url, { token: u.token });
/** Codes issued through the service the operator command uses. */
const codes = (level: number, days: number, count = 1) =>
  t.server.modules.membership.service.createCodes(level, days, count);

/** Runs `parley member codes` against this test server's database; its exit code and printed lines. */
const operatorCodes = (args: string[]) => cli(['member', 'codes', ...args], cliEnvOf(t));

beforeAll(async () => {
  t = await startTestServer({ memberSweepMs: 0, memberRedeemFailures: 3, callDailyLimitSeconds: 60 }, clock);
});
afterAll(() => t.close());

describe('membership codes', () => {
  it('the operator command prints K single-use codes and keeps only their hashes', async () => {
    const {
      code: exit,
      stdout,
      stderr,
    } = await operatorCodes(['--level', '2', '--days', '30', '--count', '3']);
    expect(exit).toBe(0);
    const printed = stdout.trim().split('\n');
    expect(printed).toHaveLength(3);
    for (const c of printed) expect(c).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){3}[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(printed).size).toBe(3);
    expect(stderr).toContain('3 code(s): level 2, 30 day(s) each');
    const hashes = printed.map((c) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex'));
    const rows = await t.server.ctx.db
      .selectFrom('member_codes')
      .selectAll()
      .where('code_hash', 'in', hashes)
      .execute();
    expect(rows.map((r) => [r.level, r.days, r.redeemed_by])).toEqual([
      [2, 30, null],
      [2, 30, null],
      [2, 30, null],
    ]);
    const all = JSON.stringify(await t.server.ctx.db.selectFrom('member_codes').selectAll().execute());
    for (const c of printed) expect(all).not.toContain(c.replace(/-/g, ''));

    const u = await userOn(t, 'mcli');
    const res = await redeem(u, printed[0]!.toLowerCase());
    expect(res).toMatchObject({
      code: 200,
      msg: '兑换成功',
      data: { vipType: 1, vipLevel: 2, vipUntil: clock.now() + 30 * DAY },
    });
    expect(await operatorCodes(['--level', '11', '--days', '1', '--count', '1'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(
        /^parley: --level must be a whole number from 1 to 10: 11\n\nparley member codes --level <1-10>/,
      ),
    });
  }, 60_000);

  it('a code is redeemed once: by nobody else, and not twice', async () => {
    const [code] = await codes(1, 7);
    const [u, v] = [await userOn(t, 'mone'), await userOn(t, 'mtwo')];
    expect((await redeem(u, code!)).data).toEqual({
      vipType: 1,
      vipLevel: 1,
      vipUntil: clock.now() + 7 * DAY,
    });
    for (const who of [v, u])
      expect(await redeem(who, code!)).toMatchObject({ status: 409, code: 25011, msg: '兑换码已被使用' });
    expect((await get<UserInfo>(v, '/user/info')).data).toMatchObject({ vipType: 0, vipLevel: 0 });
  });

  it('a longer or higher code extends the membership; the badge follows on every tab', async () => {
    const u = await userOn(t, 'mext');
    const tab = await openSocket(t, u.token);
    const [first] = await codes(2, 10);
    const [same] = await codes(2, 30);
    const [higher] = await codes(5, 7);
    const [lower] = await codes(1, 1);
    const start = clock.now();
    expect((await redeem(u, first!)).data).toEqual({ vipType: 1, vipLevel: 2, vipUntil: start + 10 * DAY });
    const pushed = await tab.next((f) => f.type === 'user.updated');
    expect(pushed.data).toMatchObject({ wtId: u.wtId, vipType: 1, vipLevel: 2 });
    clock.advance(DAY);
    expect((await redeem(u, same!)).data).toEqual({ vipType: 1, vipLevel: 2, vipUntil: start + 40 * DAY });
    expect((await redeem(u, higher!)).data).toEqual({ vipType: 1, vipLevel: 5, vipUntil: start + 47 * DAY });
    expect((await redeem(u, lower!)).data).toEqual({ vipType: 1, vipLevel: 5, vipUntil: start + 48 * DAY });
    expect(
      (await tab.next((f) => f.type === 'user.updated' && (f.data as UserInfo).vipLevel === 5)).data,
    ).toMatchObject({
      vipType: 1,
    });
    expect((await get<{ vipUntil: number; vipLevel: number }>(u, '/member/info')).data).toMatchObject({
      vipType: 1,
      vipLevel: 5,
      vipUntil: start + 48 * DAY,
    });
    tab.close();
  });

  it('a membership lapses at its end: vipType 0, the daily call limit applies again, the badge goes', async () => {
    const [u, peer] = [await userOn(t, 'mlapse'), await userOn(t, 'mpeer')];
    await befriend(t, u, peer);
    const [code] = await codes(3, 2);
    expect((await redeem(u, code!)).code).toBe(200);
    const tab = await openSocket(t, u.token);
    // Three minutes before the end (the same UTC day), a member's calls are not limited: two
    // minutes of calling against a 60 s limit.
    clock.advance(2 * DAY - 180_000);
    const [caller, callee] = [await openTab(t, u), await openTab(t, peer)];
    const { data: call } = await invite(caller, peer, 1);
    await callee.updated(CallAction.invite);
    expect((await callee.send('call.accept', { v: 1, callId: call.callId })).code).toBe(200);
    clock.advance(120_000);
    // Hung up (or already dropped by the sweeper, the parties not pinging on the fake clock).
    await caller.send('call.hangup', { v: 1, callId: call.callId });
    caller.close();
    callee.close();
    expect((await get<{ usedSeconds: number }>(u, '/member/info')).data.usedSeconds).toBe(120);
    expect((await get<number>(u, '/media/checkCall')).data).toBe(0);
    clock.advance(60_000 - 1);
    expect((await get<number>(u, '/media/checkCall')).data).toBe(0);
    clock.advance(1);
    // At its end the limit applies at once, before the sweeper ran…
    expect((await get<number>(u, '/media/checkCall')).data).toBe(1);
    expect((await get(u, '/member/info')).data).toMatchObject({ vipType: 0, vipLevel: 0, vipUntil: 0 });
    // …which ends it in the database and tells the user's tabs.
    expect(await t.server.modules.membership.service.sweep()).toBeGreaterThanOrEqual(1);
    expect((await tab.next((f) => f.type === 'user.updated')).data).toMatchObject({
      vipType: 0,
      vipLevel: 0,
    });
    expect((await get<UserInfo>(u, '/user/info')).data).toMatchObject({ vipType: 0, vipLevel: 0 });
    expect(await t.server.modules.membership.service.sweep()).toBe(0);
    tab.close();
  });

  it('guessing is rate limited per user: after 3 wrong codes even a right one waits 15 minutes', async () => {
    const u = await userOn(t, 'mguess');
    const [code] = await codes(1, 1);
    for (const wrong of ['AAAAA-BBBBB-CCCCC-DDDDD', 'not a code', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'])
      expect(await redeem(u, wrong)).toMatchObject({ status: 400, code: 25010, msg: '兑换码无效' });
    expect(await redeem(u, code!)).toMatchObject({
      status: 429,
      code: 25012,
      msg: '兑换尝试次数过多，请稍后再试',
    });
    // Someone else is not held back.
    const [other] = await codes(1, 1);
    expect((await redeem(await userOn(t, 'mfree'), other!)).code).toBe(200);
    clock.advance(15 * 60_000);
    expect((await redeem(u, code!)).data).toMatchObject({ vipType: 1, vipLevel: 1 });
    expect(await redeem(u, '')).toMatchObject({ status: 400, code: 400 });
    expect(Errors.memberCodeUsed.code).toBe(25011);
  });
});
