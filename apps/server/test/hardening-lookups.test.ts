import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomMsgType, type FriendInfo, type UserSearchResult } from '@parley/protocol';
import { FRIEND_INFO_PER_MINUTE } from '../src/modules/friends/friends.service.js';
import { DEFAULT_LIMITS } from '../src/config-limits.js';
import { FakeClock, startTestServer, type TestServer } from './helpers.js';
import { befriend, newUser, post } from './friends/helpers.js';

// Looking people up: a per-user limit, and a user who blacklisted you cannot be found.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, clock);
});
afterAll(() => t.close());

const SEARCHES_PER_MINUTE = DEFAULT_LIMITS.lookupsPerMinute;
const RATE_LIMITED = { status: 429, code: 429, msg: '操作过于频繁，请稍后再试', data: null };

describe('lookup limits', () => {
  it(`answers searchById ${SEARCHES_PER_MINUTE} times a minute per user, then 429 until the minute ends`, async () => {
    const me = await newUser(t, 'searcher');
    const target = await newUser(t, 'found');
    const other = await newUser(t, 'other');
    const codes: number[] = [];
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      codes.push(
        (await post(t, me, '/user/searchById', { searchId: i % 2 ? target.wtId : target.phone })).code,
      );
    }
    expect(codes).toEqual(codes.map(() => 200));
    expect(await post(t, me, '/user/searchById', { searchId: target.wtId })).toMatchObject(RATE_LIMITED);
    // Per user: someone else still searches.
    expect((await post(t, other, '/user/searchById', { searchId: target.wtId })).code).toBe(200);
    clock.advance(60_000);
    expect((await post(t, me, '/user/searchById', { searchId: target.wtId })).code).toBe(200);
  });

  it(`answers friendInfo ${FRIEND_INFO_PER_MINUTE} times a minute per user, then 429`, async () => {
    const me = await newUser(t, 'browser');
    const target = await newUser(t, 'profile');
    const answers = await Promise.all(
      Array.from({ length: FRIEND_INFO_PER_MINUTE }, () =>
        post(t, me, '/user/friendInfo', { searchId: target.wtId }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(FRIEND_INFO_PER_MINUTE);
    expect(await post(t, me, '/user/friendInfo', { searchId: target.phone })).toMatchObject(RATE_LIMITED);
    clock.advance(60_000);
    expect((await post(t, me, '/user/friendInfo', { searchId: target.wtId })).code).toBe(200);
  });
});

describe('a user who blacklisted the caller', () => {
  it('is not found by searchById: the same answer as an unknown ID or phone', async () => {
    const me = await newUser(t, 'seeker');
    const blocker = await newUser(t, 'blocker');
    const bystander = await newUser(t, 'bystander');
    expect((await post(t, blocker, '/user/friendBlack/add', { friendWtId: me.wtId })).code).toBe(200);

    const unknown = await post(t, me, '/user/searchById', { searchId: 'nobody_at_all' });
    expect(unknown).toMatchObject({ status: 404, code: 10010, msg: '该用户不存在', data: null });
    for (const searchId of [blocker.wtId, blocker.wtId.toUpperCase(), blocker.phone]) {
      expect(await post(t, me, '/user/searchById', { searchId })).toEqual(unknown);
    }
    // Everyone else still finds them.
    const seen = await post<UserSearchResult>(t, bystander, '/user/searchById', { searchId: blocker.phone });
    expect(seen).toMatchObject({ status: 200, data: { wtId: blocker.wtId, source: 2 } });
  });

  it('is still found by searchById when they are friends (the same rule as friendInfo)', async () => {
    const me = await newUser(t, 'seeker2');
    const friendBlocker = await newUser(t, 'frenemy2');
    await befriend(t, me, friendBlocker);
    expect((await post(t, friendBlocker, '/user/friendBlack/add', { friendWtId: me.wtId })).code).toBe(200);
    const found = await post<UserSearchResult>(t, me, '/user/searchById', { searchId: friendBlocker.wtId });
    expect(found).toMatchObject({ status: 200, data: { wtId: friendBlocker.wtId, source: 1 } });
  });

  it('gets the unknown-user profile from friendInfo, unless they are friends', async () => {
    const me = await newUser(t, 'viewer');
    const blocker = await newUser(t, 'hider');
    const friendBlocker = await newUser(t, 'frenemy');
    await befriend(t, me, friendBlocker);
    for (const u of [blocker, friendBlocker])
      expect((await post(t, u, '/user/friendBlack/add', { friendWtId: me.wtId })).code).toBe(200);

    const asUnknown = async (searchId: string) => {
      const unknown = await post<FriendInfo>(t, me, '/user/friendInfo', { searchId: 'nobody_there' });
      return { ...unknown, data: { ...unknown.data, wtId: searchId, userID: searchId } };
    };
    for (const searchId of [blocker.wtId, blocker.phone]) {
      const hidden = await post<FriendInfo>(t, me, '/user/friendInfo', { searchId });
      expect(hidden).toEqual(await asUnknown(searchId));
      expect(hidden.data).toMatchObject({ actionStatus: 1, nickName: '', avatar: '', bio: '' });
    }
    const friendView = await post<FriendInfo>(t, me, '/user/friendInfo', { searchId: friendBlocker.wtId });
    expect(friendView).toMatchObject({
      status: 200,
      data: { wtId: friendBlocker.wtId, nickName: 'frenemy', actionStatus: 0 },
    });
  });
});

describe('sendCustomMessage', () => {
  it('takes fromWtId in any case (wtIds ignore case)', async () => {
    const me = await newUser(t, 'Caser');
    const pal = await newUser(t, 'pal');
    await befriend(t, me, pal);
    const res = await post(t, me, '/user/sendCustomMessage', {
      fromWtId: me.wtId.toUpperCase(),
      toWtId: pal.wtId.toUpperCase(),
      type: CustomMsgType.addFriend,
    });
    expect(res).toMatchObject({
      status: 200,
      code: 200,
      data: { fromWtId: me.wtId, toWtId: pal.wtId, type: CustomMsgType.addFriend },
    });
    const someoneElse = await post(t, me, '/user/sendCustomMessage', {
      fromWtId: pal.wtId.toUpperCase(),
      toWtId: me.wtId,
      type: CustomMsgType.addFriend,
    });
    expect(someoneElse).toMatchObject({ status: 403, msg: '发送者必须是当前用户' });
  });
});
