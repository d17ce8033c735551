import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Errors,
  type Counters,
  type FriendApplication,
  type FriendApplyUnread,
  type Page,
} from '@parley/protocol';
import { api, FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { apply, befriend, friendsOf, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const received = (t: TestServer, user: Parameters<typeof post>[1]) =>
  post<Page<FriendApplication>>(t, user, '/userFriends/applyList', { direction: 'in' });

describe('POST /userFriends/apply', () => {
  it('sends an application the target sees in its list, unread, with the counter raised', async () => {
    const a = await newUser(t, 'alice', '爱丽丝');
    const b = await newUser(t, 'bob');
    const res = await apply(t, a, b, { applyInfo: '你好，我是爱丽丝', applySource: 2 });
    expect(res).toMatchObject({ status: 200, code: 200, msg: '申请已发送' });
    expect(res.data).toMatchObject({
      userID: b.wtId,
      status: 0,
      direction: 'out',
      wording: '你好，我是爱丽丝',
      source: 2,
    });

    const list = await received(t, b);
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({
      userID: a.wtId,
      applyWtId: a.wtId,
      nick: '爱丽丝',
      status: 0,
      source: 2,
      isRead: 0,
    });
    const sent = await post<Page<FriendApplication>>(t, a, '/userFriends/applyList', { direction: 'out' });
    expect(sent.data.rows.map((r) => r.userID)).toEqual([b.wtId]);
    expect((await received(t, a)).data.total).toBe(0);

    const counters = await api<Counters>(t, 'GET', '/user/counters', { token: b.token });
    expect(counters.data.friendApplyUnread).toBe(1);
    const unread = await api<FriendApplyUnread>(t, 'GET', '/userFriends/apply/unreadCount', {
      token: b.token,
    });
    expect(unread.data.count).toBe(1);

    const read = await post<FriendApplyUnread>(t, b, '/userFriends/apply/read');
    expect(read.data.count).toBe(0);
    expect((await received(t, b)).data.rows[0]?.isRead).toBe(1);
    expect((await api<Counters>(t, 'GET', '/user/counters', { token: b.token })).data.friendApplyUnread).toBe(
      0,
    );
  });

  it('applying twice renews the pending application instead of adding another', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    const first = await apply(t, a, b, { applyInfo: '第一次' });
    await post(t, b, '/userFriends/apply/read');
    const second = await apply(t, a, b, { applyInfo: '第二次', applySource: 3 });
    expect(second.code).toBe(200);
    expect(second.data.id).toBe(first.data.id);

    const list = await received(t, b);
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ wording: '第二次', source: 3, status: 0, isRead: 0 });
    expect((await api<Counters>(t, 'GET', '/user/counters', { token: b.token })).data.friendApplyUnread).toBe(
      1,
    );
  });

  it('throttles re-applying to the same person (each one notifies them)', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    for (let i = 0; i < 5; i++) expect((await apply(t, a, b)).code).toBe(200);
    expect(await apply(t, a, b)).toMatchObject({ status: 429, code: 429, msg: '申请过于频繁，请稍后再试' });
    const c = await newUser(t, 'carol');
    expect((await apply(t, a, c)).code).toBe(200);
  });

  it('refuses applying to yourself, to nobody, and a reason over 15 characters', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    expect(await apply(t, a, a)).toMatchObject({ status: 400, code: 21001, msg: '不能添加自己为好友' });
    expect(await post(t, a, '/userFriends/apply', { applyWtId: 'nobody_zz', applySource: 1 })).toMatchObject(
      Errors.userNotFound,
    );
    const long = await apply(t, a, b, { applyInfo: '一二三四五六七八九十一二三四五六' });
    expect(long).toMatchObject({ status: 400, code: 400, msg: '申请理由不能超过15个字符' });
    expect(await apply(t, a, b, { applyInfo: '一二三四五六七八九十一二三四五' })).toMatchObject({
      code: 200,
    });
    expect(await apply(t, a, b, { applySource: 6 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '申请来源格式不正确',
    });
    expect(await post(t, undefined, '/userFriends/apply', { applyWtId: b.wtId })).toMatchObject(
      Errors.unauthorized,
    );
  });

  it('refuses applying to someone who blacklisted you, and to someone you blacklisted', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    expect((await post(t, b, '/user/friendBlack/add', { friendWtId: a.wtId })).code).toBe(200);
    expect(await apply(t, a, b)).toMatchObject({
      status: 403,
      code: 21004,
      msg: '你已被对方加入黑名单，无法添加好友',
    });
    expect((await received(t, b)).data.total).toBe(0);
    expect(await apply(t, b, a)).toMatchObject({
      status: 403,
      code: 21005,
      msg: '对方在你的黑名单中，请先移出黑名单',
    });

    // After unblocking, applying works again.
    await post(t, b, '/user/friendBlack/deleteByUserId', { friendWtId: a.wtId });
    expect((await apply(t, a, b)).code).toBe(200);
  });

  it('refuses applying to an existing friend', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    expect(await apply(t, a, b)).toMatchObject({ status: 409, code: 21003, msg: '对方已是你的好友' });
    expect(await apply(t, b, a)).toMatchObject(Errors.alreadyFriend);
  });

  it('refuses applying to a cancelled account with 20003', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await t.server.ctx.db.updateTable('users').set({ status: 1 }).where('wt_id', '=', b.wtId).execute();
    expect(await apply(t, a, b)).toMatchObject({ status: 404, code: 20003, msg: '用户已注销' });
  });

  it('writes the default reason for an application from a group', async () => {
    const a = await newUser(t, 'alice', 'Alice');
    const b = await newUser(t, 'bob');
    const res = await apply(t, a, b, { applySource: 5, groupName: '周末爬山群' });
    expect(res.data).toMatchObject({ source: 5, wording: '我是群聊“周末爬山群”的Alice' });
  });

  it('applying back to someone who applied to you makes you friends at once', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await apply(t, a, b);
    const back = await apply(t, b, a);
    expect(back.data.status).toBe(1);
    expect((await friendsOf(t, a)).map((f) => f.wtId)).toEqual([b.wtId]);
    expect((await friendsOf(t, b)).map((f) => f.wtId)).toEqual([a.wtId]);
    expect((await received(t, b)).data.rows[0]?.status).toBe(1);
  });
});

describe('POST /userFriends/apply/handle', () => {
  it('accepting makes both friends and marks the application accepted on both sides', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await apply(t, a, b, { applySource: 2 });
    const res = await post<FriendApplication>(t, b, '/userFriends/apply/handle', {
      applyWtId: a.wtId,
      handleStatus: 1,
    });
    expect(res).toMatchObject({ code: 200, data: { userID: a.wtId, status: 1, direction: 'in' } });
    const aFriends = await friendsOf(t, a);
    expect(aFriends).toHaveLength(1);
    expect(aFriends[0]).toMatchObject({ wtId: b.wtId, applySource: 2, remark: '', ownerBlackStatus: 0 });
    expect((await friendsOf(t, b)).map((f) => f.wtId)).toEqual([a.wtId]);
    const out = await post<Page<FriendApplication>>(t, a, '/userFriends/applyList', { direction: 'out' });
    expect(out.data.rows[0]?.status).toBe(1);
    // Handling it again answers 21007.
    expect(
      await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }),
    ).toMatchObject(Errors.applyHandled);
    expect((await api<Counters>(t, 'GET', '/user/counters', { token: b.token })).data.friendApplyUnread).toBe(
      0,
    );
  });

  it('rejecting leaves them strangers; a new application renews it', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await apply(t, a, b);
    const res = await post<FriendApplication>(t, b, '/userFriends/apply/handle', {
      applyWtId: a.wtId,
      handleStatus: 2,
    });
    expect(res.data.status).toBe(2);
    expect(await friendsOf(t, a)).toEqual([]);
    expect(
      await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }),
    ).toMatchObject(Errors.applyHandled);
    await apply(t, a, b, { applyInfo: '再试一次' });
    const list = await received(t, b);
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ status: 0, wording: '再试一次' });
  });

  it('refuses handling an application that is not yours (no change to it)', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    const c = await newUser(t, 'carol');
    await apply(t, a, b);
    expect(
      await post(t, c, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }),
    ).toMatchObject({
      status: 404,
      code: 21006,
      msg: '好友申请不存在',
    });
    // The applicant cannot accept their own application either.
    expect(
      await post(t, a, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }),
    ).toMatchObject(Errors.applyNotFound);
    expect(
      await post(t, a, '/userFriends/apply/handle', { applyWtId: b.wtId, handleStatus: 1 }),
    ).toMatchObject(Errors.applyNotFound);
    expect((await received(t, b)).data.rows[0]?.status).toBe(0);
    expect(await friendsOf(t, c)).toEqual([]);
    expect(await friendsOf(t, a)).toEqual([]);
    expect(
      await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 3 }),
    ).toMatchObject({ status: 400, code: 400, msg: '处理结果格式不正确' });
  });
});

describe('application list bounds and expiry', () => {
  it('pages the list and caps the page size', async () => {
    const b = await newUser(t, 'bob');
    for (let i = 0; i < 3; i++) await apply(t, await newUser(t, `ap${i}`), b);
    const p1 = await post<Page<FriendApplication>>(t, b, '/userFriends/applyList', {
      pageNum: 1,
      pageSize: 2,
    });
    const p2 = await post<Page<FriendApplication>>(t, b, '/userFriends/applyList', {
      pageNum: 2,
      pageSize: 2,
    });
    expect(p1.data.total).toBe(3);
    expect(p1.data.rows).toHaveLength(2);
    expect(p2.data.rows).toHaveLength(1);
    expect(new Set([...p1.data.rows, ...p2.data.rows].map((r) => r.id)).size).toBe(3);
    expect(await post(t, b, '/userFriends/applyList', { pageSize: 101 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '每页条数不能超过100',
    });
  });

  it('an application older than 7 days reads as expired and can no longer be accepted', async () => {
    const clock = new FakeClock();
    const t2 = await startTestServer({ tokenTtlSeconds: 30 * 24 * 3600 }, clock);
    try {
      const a = await newUser(t2, 'alice');
      const b = await newUser(t2, 'bob');
      await apply(t2, a, b);
      clock.advance(8 * 24 * 3600 * 1000);
      expect((await received(t2, b)).data.rows[0]?.status).toBe(3);
      expect(
        (await api<Counters>(t2, 'GET', '/user/counters', { token: b.token })).data.friendApplyUnread,
      ).toBe(0);
      expect(
        await post(t2, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }),
      ).toMatchObject(Errors.applyExpired);
      // Applying again renews it.
      await apply(t2, a, b);
      expect((await received(t2, b)).data.rows[0]?.status).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
