import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps } from '../../src/db/steps.js';
import { fail, isAppError } from '../../src/lib/errors.js';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post } from './helpers.js';

/**
 * `mayMessage` (the messaging engine's gate, a step function) and `canMessage` on the started server's
 * own friends module and database: SQLite by default, PostgreSQL when DATABASE_URL is set. The
 * relations are made through the API; only account cancellation is set in the database (no route).
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const blacklist = () => t.server.modules.friends.blacklist;

async function idOf(user: TestUser): Promise<number> {
  return (await t.server.app.resolveSession(user.token)).userId;
}

/** The refusal as `{ code, status, msg }`, or 'allowed'. */
async function refusal(from: TestUser | number, to: TestUser | number) {
  const fromId = typeof from === 'number' ? from : await idOf(from);
  const toId = typeof to === 'number' ? to : await idOf(to);
  // The send path holds the peer's row; with no such user, the answer is `canMessage`'s reason.
  const target = await t.server.modules.users.repo.byId(toId);
  try {
    if (target) await runSteps(t.server.ctx.db, blacklist().mayMessage(fromId, target));
    else {
      const p = await blacklist().messagePermission(fromId, toId);
      if (!p.allowed) throw fail(p.error!);
    }
  } catch (err) {
    if (!isAppError(err)) throw err;
    expect(await blacklist().canMessage(fromId, toId)).toBe(false);
    return { code: err.code, status: err.status, msg: err.message };
  }
  expect(await blacklist().canMessage(fromId, toId)).toBe(true);
  return 'allowed';
}

describe('the messaging gate against the database', () => {
  it('allows friends and strangers alike when nobody blocks', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    const stranger = await newUser(t, 'sam');
    await befriend(t, a, b);
    expect(await refusal(a, b)).toBe('allowed');
    expect(await refusal(b, a)).toBe('allowed');
    expect(await refusal(a, stranger)).toBe('allowed');
    const permission = await blacklist().messagePermission(await idOf(a), await idOf(b));
    expect(permission).toEqual({ allowed: true, isFriend: true });
    expect(await blacklist().messagePermission(await idOf(a), await idOf(stranger))).toEqual({
      allowed: true,
      isFriend: false,
    });
  });

  it('refuses with 20007 when the peer blacklisted the sender, and 21005 the other way round', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    expect((await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId })).code).toBe(200);
    expect(await refusal(a, b)).toEqual({
      code: 20007,
      status: 403,
      msg: '对方已将你加入黑名单，消息发送失败',
    });
    expect(await blacklist().canMessage(await idOf(a), await idOf(b))).toBe(false);
    expect(await refusal(b, a)).toEqual({
      code: 21005,
      status: 403,
      msg: '对方在你的黑名单中，请先移出黑名单',
    });
    expect(await blacklist().messagePermission(await idOf(b), await idOf(a))).toEqual({
      allowed: false,
      reason: 'blocking',
      error: 'targetInMyBlacklist',
      isFriend: true,
    });

    // Unblocking lifts both refusals at once.
    expect((await post(t, b, '/user/friendBlack/deleteByUserId', { friendWtId: a.wtId })).code).toBe(200);
    expect(await refusal(a, b)).toBe('allowed');
    expect(await refusal(b, a)).toBe('allowed');
  });

  it('refuses a cancelled peer with 20003 and an unknown one with 10010', async () => {
    const a = await newUser(t, 'alice');
    const gone = await newUser(t, 'gone');
    const goneId = await idOf(gone);
    await t.server.ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', goneId).execute();
    expect(await refusal(a, goneId)).toEqual({ code: 20003, status: 404, msg: '用户已注销' });
    expect(await refusal(a, 987_654_321)).toEqual({ code: 10010, status: 404, msg: '该用户不存在' });
  });
});
