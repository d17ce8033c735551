import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type BlackItem, type BlackStatusResult, type Page } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, friendsOf, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const blacklistOf = (t: TestServer, user: Parameters<typeof post>[1], body = {}) =>
  post<Page<BlackItem>>(t, user, '/user/friendBlack/list', body);

describe('blacklist', () => {
  it('adds and removes a friend; the friendship stays with ownerBlackStatus', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob', '鲍勃');
    await befriend(t, me, b);
    await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: '阿鲍' });

    const add = await post<BlackStatusResult>(t, me, '/user/friendBlack/add', { friendWtId: b.wtId });
    expect(add).toMatchObject({
      code: 200,
      msg: '已拉黑对方',
      data: { friendWtId: b.wtId, ownerBlackStatus: 1 },
    });
    // Adding again is harmless.
    expect((await post(t, me, '/user/friendBlack/add', { friendWtId: b.wtId })).code).toBe(200);
    const list = await blacklistOf(t, me);
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({
      wtId: b.wtId,
      userID: b.wtId,
      nickName: '鲍勃',
      remark: '阿鲍',
      isFriend: 1,
    });
    expect((await friendsOf(t, me))[0]).toMatchObject({ wtId: b.wtId, ownerBlackStatus: 1 });
    // The blocked side's own view is unchanged.
    expect((await friendsOf(t, b))[0]).toMatchObject({ wtId: me.wtId, ownerBlackStatus: 0 });
    expect((await blacklistOf(t, b)).data.total).toBe(0);

    const del = await post<BlackStatusResult>(t, me, '/user/friendBlack/deleteByUserId', {
      friendWtId: b.wtId,
    });
    expect(del).toMatchObject({ code: 200, msg: '取消拉黑成功', data: { ownerBlackStatus: 0 } });
    expect((await blacklistOf(t, me)).data.total).toBe(0);
    expect((await friendsOf(t, me))[0]?.ownerBlackStatus).toBe(0);
  });

  it('blocks strangers too, pages the list newest first, and refuses yourself and nobody', async () => {
    const me = await newUser(t, 'me');
    const users = [await newUser(t, 's1'), await newUser(t, 's2'), await newUser(t, 's3')];
    for (const u of users) await post(t, me, '/user/friendBlack/add', { friendWtId: u.wtId });
    const p1 = await blacklistOf(t, me, { pageNum: 1, pageSize: 2 });
    expect(p1.data.total).toBe(3);
    expect(p1.data.rows.map((r) => r.wtId)).toEqual([users[2]!.wtId, users[1]!.wtId]);
    expect(p1.data.rows[0]).toMatchObject({ isFriend: 0, remark: '' });
    expect((await blacklistOf(t, me, { pageNum: 2, pageSize: 2 })).data.rows.map((r) => r.wtId)).toEqual([
      users[0]!.wtId,
    ]);
    expect(await blacklistOf(t, me, { pageSize: 101 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '每页条数不能超过100',
    });

    expect(await post(t, me, '/user/friendBlack/add', { friendWtId: me.wtId })).toMatchObject(
      Errors.blackSelf,
    );
    expect(await post(t, me, '/user/friendBlack/add', { friendWtId: 'nobody_zz' })).toMatchObject(
      Errors.userNotFound,
    );
    expect(await post(t, me, '/user/friendBlack/add', {})).toMatchObject({
      status: 400,
      code: 400,
      msg: '好友ID不能为空',
    });
    expect(await post(t, undefined, '/user/friendBlack/list', {})).toMatchObject(Errors.unauthorized);
  });
});
