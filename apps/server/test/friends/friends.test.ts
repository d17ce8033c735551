import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Errors,
  type CustomNotice,
  type DeleteFriendResult,
  type FriendInfo,
  type FriendItem,
  type Page,
  type Tag,
} from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { apply, befriend, friendsOf, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const FAMILY = '👨‍👩‍👧‍👦'; // one character, 25 UTF-8 bytes

describe('POST /userFriends/list', () => {
  it('lists friends with profile, remark, tags and black status, filtered and paged', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob', '鲍勃');
    const c = await newUser(t, 'carol', 'Carol');
    await befriend(t, me, b);
    await befriend(t, me, c);
    await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: '老同学' });
    const tag = await post<Tag>(t, me, '/userTag/add', { tagName: '同学', wtIds: [b.wtId] });
    await post(t, me, '/user/friendBlack/add', { friendWtId: c.wtId });

    const list = await post<Page<FriendItem>>(t, me, '/userFriends/list', {});
    expect(list.data.total).toBe(2);
    expect(list.data.rows[0]).toMatchObject({
      wtId: b.wtId,
      userID: b.wtId,
      nickName: '鲍勃',
      remark: '老同学',
      tagIds: [tag.data.id],
      tagNameList: ['同学'],
      ownerBlackStatus: 0,
      friendsSpaceStatus: 0,
      mineSpaceStatus: 0,
      actionStatus: 0,
      applySource: 1,
    });
    expect(list.data.rows[1]).toMatchObject({ wtId: c.wtId, ownerBlackStatus: 1, tagNameList: [] });
    expect(JSON.stringify(list.data)).not.toMatch(/phone|pwd|"id"/);

    const byRemark = await post<Page<FriendItem>>(t, me, '/userFriends/list', { keyword: '同学' });
    expect(byRemark.data.rows.map((r) => r.wtId)).toEqual([b.wtId]);
    const byNick = await post<Page<FriendItem>>(t, me, '/userFriends/list', { keyword: 'caro' });
    expect(byNick.data.rows.map((r) => r.wtId)).toEqual([c.wtId]);
    const wildcard = await post<Page<FriendItem>>(t, me, '/userFriends/list', { keyword: '%' });
    expect(wildcard.data.total).toBe(0);

    const page2 = await post<Page<FriendItem>>(t, me, '/userFriends/list', { pageNum: 2, pageSize: 1 });
    expect(page2.data).toMatchObject({ total: 2, rows: [{ wtId: c.wtId }] });
    expect(await post(t, me, '/userFriends/list', { pageSize: 501 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '每页条数不能超过500',
    });
    expect(await post(t, undefined, '/userFriends/list', {})).toMatchObject(Errors.unauthorized);
  });
});

describe('POST /userFriends/update (remark)', () => {
  it('sets and clears a remark of up to 16 characters and 96 bytes', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    const res = await post<FriendItem>(t, me, '/userFriends/update', {
      friendsWtId: b.wtId,
      remark: '  一二三四五六七八九十一二三四五六  ',
    });
    expect(res).toMatchObject({
      code: 200,
      msg: '修改成功',
      data: { wtId: b.wtId, remark: '一二三四五六七八九十一二三四五六' },
    });
    // 3 family emoji (75 bytes) + 7 Chinese (21 bytes) = 96 bytes, 10 characters: accepted.
    const edge = `${FAMILY.repeat(3)}一二三四五六七`;
    expect((await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: edge })).code).toBe(200);
    expect((await friendsOf(t, me))[0]?.remark).toBe(edge);
    // The remark is the caller's own: the other side sees none.
    expect((await friendsOf(t, b))[0]?.remark).toBe('');
    expect(
      (await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: '' })).data,
    ).toMatchObject({ remark: '' });
  });

  it('refuses 17 characters, 97 bytes, and 16 characters that exceed 96 bytes', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    const seventeen = await post(t, me, '/userFriends/update', {
      friendsWtId: b.wtId,
      remark: 'abcdefghijklmnopq',
    });
    expect(seventeen).toMatchObject({ status: 400, code: 400, msg: '备注不能超过16个字符' });
    const bytes97 = `${FAMILY.repeat(3)}一二三四五六七a`; // 11 characters, 97 bytes
    expect(await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: bytes97 })).toMatchObject({
      status: 400,
      code: 400,
      msg: '备注不能超过96个字节',
    });
    const sixteenBig = FAMILY.repeat(16); // 16 characters, 400 bytes
    expect(
      await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: sixteenBig }),
    ).toMatchObject({
      status: 400,
      code: 400,
      msg: '备注不能超过96个字节',
    });
    const chinese33 = '中'.repeat(33);
    expect(
      await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: chinese33 }),
    ).toMatchObject({ status: 400, code: 400, msg: '备注不能超过16个字符' });
    expect((await friendsOf(t, me))[0]?.remark).toBe('');
  });

  it('refuses a remark on someone who is not your friend', async () => {
    const me = await newUser(t, 'me');
    const stranger = await newUser(t, 'str');
    expect(
      await post(t, me, '/userFriends/update', { friendsWtId: stranger.wtId, remark: 'x' }),
    ).toMatchObject({
      status: 404,
      code: 21002,
      msg: '对方不是你的好友',
    });
  });
});

describe('POST /userFriends/updateSpaceStatus', () => {
  it('sets moments visibility flags one at a time', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    const r1 = await post<FriendItem>(t, me, '/userFriends/updateSpaceStatus', {
      friendsWtId: b.wtId,
      friendsSpaceStatus: 1,
    });
    expect(r1.data).toMatchObject({ friendsSpaceStatus: 1, mineSpaceStatus: 0 });
    const r2 = await post<FriendItem>(t, me, '/userFriends/updateSpaceStatus', {
      friendsWtId: b.wtId,
      mineSpaceStatus: 1,
    });
    expect(r2.data).toMatchObject({ friendsSpaceStatus: 1, mineSpaceStatus: 1 });
    const info = await post<FriendInfo>(t, me, '/user/friendInfo', { searchId: b.wtId });
    expect(info.data).toMatchObject({ friendsSpaceStatus: 1, mineSpaceStatus: 1 });
    expect((await friendsOf(t, b))[0]).toMatchObject({ friendsSpaceStatus: 0, mineSpaceStatus: 0 });
    expect(await post(t, me, '/userFriends/updateSpaceStatus', { friendsWtId: b.wtId })).toMatchObject({
      status: 400,
      code: 400,
      msg: '请指定friendsSpaceStatus或mineSpaceStatus',
    });
    expect(
      await post(t, me, '/userFriends/updateSpaceStatus', { friendsWtId: b.wtId, mineSpaceStatus: 2 }),
    ).toMatchObject({ status: 400, code: 400, msg: '朋友圈权限格式不正确' });
    const stranger = await newUser(t, 'str');
    expect(
      await post(t, me, '/userFriends/updateSpaceStatus', {
        friendsWtId: stranger.wtId,
        mineSpaceStatus: 1,
      }),
    ).toMatchObject(Errors.notFriend);
  });
});

describe('POST /userFriends/delete', () => {
  it('removes the friendship on both sides, with the tags the deleter gave', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    const tag = await post<Tag>(t, me, '/userTag/add', { tagName: '朋友', wtIds: [b.wtId] });
    const res = await post<DeleteFriendResult>(t, me, '/userFriends/delete', { friendsWtId: b.wtId });
    expect(res).toMatchObject({
      code: 200,
      msg: '删除好友成功',
      data: { friendsWtId: b.wtId, deleted: true },
    });
    expect(await friendsOf(t, me)).toEqual([]);
    expect(await friendsOf(t, b)).toEqual([]);
    const tags = await post<Tag[]>(t, me, '/userTag/initSetList', { wtId: b.wtId });
    expect(tags.data).toEqual([expect.objectContaining({ id: tag.data.id, userCount: 0, tagStatus: 0 })]);
    // They can become friends again.
    await befriend(t, b, me);
    expect((await friendsOf(t, me)).map((f) => f.wtId)).toEqual([b.wtId]);
  });

  it('deleting a friend who already deleted you succeeds with deleted false', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    expect(
      (await post<DeleteFriendResult>(t, b, '/userFriends/delete', { friendsWtId: me.wtId })).data.deleted,
    ).toBe(true);
    const again = await post<DeleteFriendResult>(t, me, '/userFriends/delete', { friendsWtId: b.wtId });
    expect(again).toMatchObject({ status: 200, code: 200, data: { friendsWtId: b.wtId, deleted: false } });
    expect(await friendsOf(t, me)).toEqual([]);
    expect(await post(t, me, '/userFriends/delete', { friendsWtId: 'nobody_zz' })).toMatchObject(
      Errors.userNotFound,
    );
    expect(await post(t, me, '/userFriends/delete', {})).toMatchObject({
      status: 400,
      code: 400,
      msg: '好友ID不能为空',
    });
  });
});

describe('POST /user/friendInfo', () => {
  it('describes a friend with all its relation fields', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob', '鲍勃');
    await befriend(t, me, b);
    await post(t, me, '/userFriends/update', { friendsWtId: b.wtId, remark: '阿鲍' });
    await post(t, me, '/userTag/add', { tagName: '同事', wtIds: [b.wtId] });
    const info = await post<FriendInfo>(t, me, '/user/friendInfo', { searchId: b.wtId });
    expect(info.data).toEqual({
      wtId: b.wtId,
      userID: b.wtId,
      remark: '阿鲍',
      actionStatus: 0,
      ownerBlackStatus: 0,
      friendsSpaceStatus: 0,
      mineSpaceStatus: 0,
      tagNameList: ['同事'],
      tagIds: [expect.any(Number)],
      nickName: '鲍勃',
      avatar: '',
      bio: '',
      friendsStatus: 0,
      commonGroupCount: 0,
      applySource: 1,
      isOfficial: 0,
    });
  });

  it('reports strangers, pending applications, yourself, blocked, unknown and cancelled users', async () => {
    const me = await newUser(t, 'me');
    const s = await newUser(t, 'str');
    const info = (searchId: string) =>
      post<FriendInfo>(t, me, '/user/friendInfo', { searchId }).then((r) => r.data);
    expect(await info(s.wtId)).toMatchObject({
      friendsStatus: 1,
      applySource: 1,
      remark: '',
      actionStatus: 0,
    });
    expect(await info(s.phone)).toMatchObject({ wtId: s.wtId, friendsStatus: 1, applySource: 2 });
    await apply(t, me, s);
    expect((await info(s.wtId)).friendsStatus).toBe(3);
    expect((await post<FriendInfo>(t, s, '/user/friendInfo', { searchId: me.wtId })).data.friendsStatus).toBe(
      4,
    );
    expect((await info(me.wtId)).friendsStatus).toBe(2);
    await post(t, me, '/user/friendBlack/add', { friendWtId: s.wtId });
    expect((await info(s.wtId)).ownerBlackStatus).toBe(1);
    expect(await info('nobody_zz')).toMatchObject({
      wtId: 'nobody_zz',
      actionStatus: 1,
      nickName: '',
      applySource: null,
    });
    await t.server.ctx.db.updateTable('users').set({ status: 1 }).where('wt_id', '=', s.wtId).execute();
    expect(await info(s.wtId)).toMatchObject({ actionStatus: 1, nickName: '', ownerBlackStatus: 1 });
  });
});

describe('POST /user/sendCustomMessage', () => {
  it('accepts a notice that matches the relation and refuses forged ones', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    await befriend(t, me, b);
    const ok = await post<CustomNotice>(t, me, '/user/sendCustomMessage', {
      fromWtId: me.wtId,
      toWtId: b.wtId,
      type: 'CustomMsg_Type_addFriend',
    });
    expect(ok).toMatchObject({
      code: 200,
      data: { type: 'CustomMsg_Type_addFriend', fromWtId: me.wtId, toWtId: b.wtId },
    });
    expect(ok.data.id).toMatch(/^[0-9a-f-]{36}$/);

    // fromWtId must be the caller.
    expect(
      await post(t, me, '/user/sendCustomMessage', {
        fromWtId: b.wtId,
        toWtId: me.wtId,
        type: 'CustomMsg_Type_addFriend',
      }),
    ).toMatchObject({ status: 403, code: 403, msg: '发送者必须是当前用户' });
    // The notice must match the relation: no addBlack without blocking, no deleteFriend while friends.
    expect(
      await post(t, me, '/user/sendCustomMessage', {
        fromWtId: me.wtId,
        toWtId: b.wtId,
        type: 'CustomMsg_Type_addBlack',
      }),
    ).toMatchObject(Errors.customMessageNotAllowed);
    expect(
      await post(t, me, '/user/sendCustomMessage', {
        fromWtId: me.wtId,
        toWtId: b.wtId,
        type: 'CustomMsg_Type_deleteFriend',
      }),
    ).toMatchObject(Errors.customMessageNotAllowed);
    await post(t, me, '/user/friendBlack/add', { friendWtId: b.wtId });
    expect(
      (
        await post(t, me, '/user/sendCustomMessage', {
          fromWtId: me.wtId,
          toWtId: b.wtId,
          type: 'CustomMsg_Type_addBlack',
        })
      ).code,
    ).toBe(200);
    await post(t, me, '/userFriends/delete', { friendsWtId: b.wtId });
    expect(
      (
        await post(t, me, '/user/sendCustomMessage', {
          fromWtId: me.wtId,
          toWtId: b.wtId,
          type: 'CustomMsg_Type_deleteFriend',
        })
      ).code,
    ).toBe(200);
    expect(
      await post(t, me, '/user/sendCustomMessage', { fromWtId: me.wtId, toWtId: b.wtId, type: 'Other' }),
    ).toMatchObject({
      status: 400,
      code: 400,
      msg: '类型格式不正确',
      data: { field: 'type' },
    });
    expect(
      await post(t, me, '/user/sendCustomMessage', {
        fromWtId: me.wtId,
        toWtId: 'nobody_zz',
        type: 'CustomMsg_Type_deleteFriend',
      }),
    ).toMatchObject(Errors.userNotFound);
  });
});
