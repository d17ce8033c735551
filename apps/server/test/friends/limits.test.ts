import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, FriendLimits, TagLimits, type Tag } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { newUserRow } from '../../src/modules/users/user.repo.js';
import { newFriendshipRow } from '../../src/modules/friends/friendship.repo.js';
import { apply, befriend, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let fillerRun = 0;
/**
 * `n` plain user rows, inserted straight into the test server's own database (the real SQLite or
 * PostgreSQL of this run, not a mock): registering thousands of users through the API would take
 * minutes of password hashing. Returns their ids.
 */
async function fillerUsers(n: number): Promise<number[]> {
  fillerRun += 1;
  const prefix = `fill${fillerRun}_${process.pid % 10000}_`;
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) =>
    newUserRow({
      wtId: `${prefix}${i}`,
      phone: `f${fillerRun}-${process.pid}-${i}`,
      nickName: `Filler ${i}`,
      pwdHash: 'x',
      now,
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await t.server.ctx.db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
  const ids = await t.server.ctx.db
    .selectFrom('users')
    .select('id')
    .where('wt_id', 'like', `${prefix}%`)
    .execute();
  return ids.map((r) => Number(r.id));
}

async function idOf(user: TestUser): Promise<number> {
  const row = await t.server.ctx.db
    .selectFrom('users')
    .select('id')
    .where('wt_id', '=', user.wtId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Friendship rows owned by `ownerId` (the side the limit counts), inserted like fillerUsers. */
async function addFriendRows(ownerId: number, friendIds: number[]): Promise<void> {
  const now = Date.now();
  const rows = friendIds.map((friendId) => newFriendshipRow({ ownerId, friendId, applySource: 1, now }));
  for (let i = 0; i < rows.length; i += 500)
    await t.server.ctx.db
      .insertInto('friendships')
      .values(rows.slice(i, i + 500))
      .execute();
}

const friendCount = async (user: TestUser) =>
  (await post<{ total: number }>(t, user, '/userFriends/list', { pageSize: 1 })).data.total;

describe(`friend limit (${FriendLimits.maxFriends}, 21009)`, () => {
  it('accepts up to the limit, then refuses on the full side, whoever it is', async () => {
    const fillers = await fillerUsers(FriendLimits.maxFriends);
    const owner = await newUser(t, 'popular');
    await addFriendRows(await idOf(owner), fillers.slice(0, FriendLimits.maxFriends - 1));
    expect(await friendCount(owner)).toBe(FriendLimits.maxFriends - 1);

    // The last free place.
    const last = await newUser(t, 'last');
    await befriend(t, last, owner);
    expect(await friendCount(owner)).toBe(FriendLimits.maxFriends);

    // The handler is full.
    const late = await newUser(t, 'late');
    expect((await apply(t, late, owner)).code).toBe(200);
    const refused = await post(t, owner, '/userFriends/apply/handle', {
      applyWtId: late.wtId,
      handleStatus: 1,
    });
    expect(refused).toMatchObject({ status: 409, code: 21009, msg: '好友数量已达上限' });
    expect(await friendCount(owner)).toBe(FriendLimits.maxFriends);
    expect(await friendCount(late)).toBe(0);

    // The applicant is full: accepting its application fails the same way.
    const target = await newUser(t, 'target');
    expect((await apply(t, owner, target)).code).toBe(200);
    const full = await post(t, target, '/userFriends/apply/handle', {
      applyWtId: owner.wtId,
      handleStatus: 1,
    });
    expect(full).toMatchObject({ status: 409, code: 21009, msg: '好友数量已达上限' });
    expect(await friendCount(target)).toBe(0);
  }, 60_000);
});

describe(`blacklist limit (${FriendLimits.maxBlacklist}, 21011)`, () => {
  it('blocks up to the limit, keeps re-blocking idempotent, then refuses a new one', async () => {
    const owner = await newUser(t, 'strict');
    const ownerId = await idOf(owner);
    const fillers = await fillerUsers(FriendLimits.maxBlacklist - 1);
    const now = Date.now();
    const rows = fillers.map((id) => ({ owner_id: ownerId, target_id: id, created_at: now }));
    for (let i = 0; i < rows.length; i += 500)
      await t.server.ctx.db
        .insertInto('blacklist')
        .values(rows.slice(i, i + 500))
        .execute();

    const lastOne = await newUser(t, 'lastone');
    const ok = await post(t, owner, '/user/friendBlack/add', { friendWtId: lastOne.wtId });
    expect(ok).toMatchObject({ code: 200, data: { friendWtId: lastOne.wtId, ownerBlackStatus: 1 } });
    const list = await post<{ total: number }>(t, owner, '/user/friendBlack/list', { pageSize: 1 });
    expect(list.data.total).toBe(FriendLimits.maxBlacklist);
    // Already blocked: answered as done, not as over the limit.
    expect((await post(t, owner, '/user/friendBlack/add', { friendWtId: lastOne.wtId })).code).toBe(200);

    const oneMore = await newUser(t, 'onemore');
    const refused = await post(t, owner, '/user/friendBlack/add', { friendWtId: oneMore.wtId });
    expect(refused).toMatchObject({ status: 409, code: 21011, msg: '黑名单人数已达上限' });
    // Unblocking frees a place.
    await post(t, owner, '/user/friendBlack/deleteByUserId', { friendWtId: lastOne.wtId });
    expect((await post(t, owner, '/user/friendBlack/add', { friendWtId: oneMore.wtId })).code).toBe(200);
  }, 60_000);
});

describe(`tag limit (${TagLimits.maxTags}, 21022)`, () => {
  it('creates up to the limit through the API, then refuses; deleting one frees a place', async () => {
    const owner = await newUser(t, 'tagger');
    let first: Tag | undefined;
    for (let i = 0; i < TagLimits.maxTags; i++) {
      const res = await post<Tag>(t, owner, '/userTag/add', { tagName: `标签${i}` });
      expect(res.code, `tag ${i}: ${res.msg}`).toBe(200);
      first ??= res.data;
    }
    const refused = await post(t, owner, '/userTag/add', { tagName: '再来一个' });
    expect(refused).toMatchObject({ status: 409, code: 21022, msg: '标签数量已达上限' });
    expect((await api<Tag[]>(t, 'GET', '/userTag/list', { token: owner.token })).data).toHaveLength(
      TagLimits.maxTags,
    );
    // The limit is per owner.
    expect((await post(t, await newUser(t, 'other'), '/userTag/add', { tagName: '再来一个' })).code).toBe(
      200,
    );
    await post(t, owner, '/userTag/deleteBatch', { ids: [first!.id] });
    expect((await post(t, owner, '/userTag/add', { tagName: '再来一个' })).code).toBe(200);
  }, 60_000);
});

describe(`${TagLimits.batch} ids per call`, () => {
  const many = (n: number, f: (i: number) => string | number) => Array.from({ length: n }, (_, i) => f(i));

  it('takes exactly the cap and refuses one more, naming the field', async () => {
    const owner = await newUser(t, 'batcher');
    const friend = await newUser(t, 'friend');
    await befriend(t, owner, friend);
    const tag = (await post<Tag>(t, owner, '/userTag/add', { tagName: '批量' })).data;
    // At the cap the list is read (and these unknown wtIds are then refused one by one).
    const atCap = await post(t, owner, '/userTag/addUser4Tag', {
      tagId: tag.id,
      wtIds: many(TagLimits.batch, (i) => (i === 0 ? friend.wtId : `nobody_${i}`)),
    });
    expect(atCap).toMatchObject({ ...Errors.notFriend, msg: '对方不是你的好友: nobody_1' });

    const over = TagLimits.batch + 1;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/userTag/add', { tagName: '超量', wtIds: many(over, (i) => `w${i}`) }, 'wtIds'],
      ['/userTag/addUser4Tag', { tagId: tag.id, wtIds: many(over, (i) => `w${i}`) }, 'wtIds'],
      ['/userTag/deleteUser4Tag', { tagId: tag.id, wtIds: many(over, (i) => `w${i}`) }, 'wtIds'],
      ['/userTag/deleteBatch', { ids: many(over, (i) => i + 1) }, 'ids'],
      ['/userTag/setTag4User', { friendsWtId: friend.wtId, tagIds: many(over, (i) => i + 1) }, 'tagIds'],
    ];
    const LABELS: Record<string, string> = { wtIds: '用户列表', ids: '编号列表', tagIds: '标签' };
    for (const [url, body, field] of cases) {
      const res = await post(t, owner, url, body);
      expect(res, url).toMatchObject({
        status: 400,
        code: 400,
        msg: `${LABELS[field]}最多${TagLimits.batch}个`,
      });
    }
    // Nothing was changed by the refused calls.
    const tags = (await api<Tag[]>(t, 'GET', '/userTag/list', { token: owner.token })).data;
    expect(tags.map((x) => x.tagName)).toEqual(['批量']);
  });
});
