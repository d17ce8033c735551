import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type FriendItem, type Page, type Tag } from '@parley/protocol';
import { api, startTestServer, type TestServer } from '../helpers.js';
import { befriend, friendsOf, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const tagsOf = async (user: Parameters<typeof post>[1]) =>
  (await api<Tag[]>(t, 'GET', '/userTag/list', { token: user?.token })).data;

describe('tags', () => {
  it('creates, lists, renames and deletes tags', async () => {
    const me = await newUser(t, 'me');
    const created = await post<Tag>(t, me, '/userTag/add', { tagName: '  家人  ' });
    expect(created).toMatchObject({ code: 200, data: { tagName: '家人', userCount: 0, tagStatus: 0 } });
    const second = await post<Tag>(t, me, '/userTag/add', { tagName: '一二三四五六七八九十一二三四五' });
    expect(second.code).toBe(200);
    expect((await tagsOf(me)).map((x) => x.tagName)).toEqual(['家人', '一二三四五六七八九十一二三四五']);

    const renamed = await post<Tag>(t, me, '/userTag/rename', { tagId: created.data.id, tagName: '亲人' });
    expect(renamed.data).toMatchObject({ id: created.data.id, tagName: '亲人' });
    // Renaming to its own name is a no-op; to another tag's name is refused.
    expect((await post(t, me, '/userTag/rename', { tagId: created.data.id, tagName: '亲人' })).code).toBe(
      200,
    );
    expect(await post(t, me, '/userTag/rename', { tagId: second.data.id, tagName: '亲人' })).toMatchObject({
      status: 409,
      code: 21021,
      msg: '标签名称已存在',
    });

    const del = await post<{ deleted: number }>(t, me, '/userTag/deleteBatch', {
      ids: [created.data.id, second.data.id],
    });
    expect(del).toMatchObject({ code: 200, data: { deleted: 2 } });
    expect(await tagsOf(me)).toEqual([]);
  });

  it('refuses a tag name of 16 characters, an empty one and a duplicate', async () => {
    const me = await newUser(t, 'me');
    expect(await post(t, me, '/userTag/add', { tagName: '一二三四五六七八九十一二三四五六' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '标签名称不能超过15个字符',
    });
    expect(await post(t, me, '/userTag/add', { tagName: 'abcdefghijklmnop' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '标签名称不能超过15个字符',
    });
    expect(await post(t, me, '/userTag/add', { tagName: '   ' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '标签名称不能为空',
    });
    await post(t, me, '/userTag/add', { tagName: '同事' });
    expect(await post(t, me, '/userTag/add', { tagName: '同事' })).toMatchObject(Errors.tagNameTaken);
    expect(await tagsOf(me)).toHaveLength(1);
    // Another user may use the same name.
    const other = await newUser(t, 'other');
    expect((await post(t, other, '/userTag/add', { tagName: '同事' })).code).toBe(200);
  });

  it('assigns friends to tags and lists both directions', async () => {
    const me = await newUser(t, 'me');
    const b = await newUser(t, 'bob');
    const c = await newUser(t, 'carol');
    const stranger = await newUser(t, 'str');
    await befriend(t, me, b);
    await befriend(t, me, c);
    const work = await post<Tag>(t, me, '/userTag/add', { tagName: '同事', wtIds: [b.wtId] });
    const gym = await post<Tag>(t, me, '/userTag/add', { tagName: '健身' });
    expect(work.data.userCount).toBe(1);

    const added = await post<Tag>(t, me, '/userTag/addUser4Tag', {
      tagId: work.data.id,
      wtIds: [c.wtId, b.wtId],
    });
    expect(added.data.userCount).toBe(2);
    const members = await post<Page<FriendItem>>(t, me, '/userTag/getUserList', { id: work.data.id });
    expect(members.data.total).toBe(2);
    expect(members.data.rows.map((r) => r.wtId)).toEqual([b.wtId, c.wtId]);
    expect(members.data.rows[0]?.tagNameList).toEqual(['同事']);

    // Only friends can be tagged; nothing is added when one is not.
    expect(
      await post(t, me, '/userTag/addUser4Tag', { tagId: gym.data.id, wtIds: [b.wtId, stranger.wtId] }),
    ).toMatchObject({ ...Errors.notFriend, msg: `对方不是你的好友: ${stranger.wtId}` });
    expect(
      (await post<Page<FriendItem>>(t, me, '/userTag/getUserList', { id: gym.data.id })).data.total,
    ).toBe(0);

    const setList = await post<Tag[]>(t, me, '/userTag/setTag4User', {
      friendsWtId: b.wtId,
      tagIds: [gym.data.id],
    });
    expect(setList.data.map((x) => [x.tagName, x.tagStatus])).toEqual([
      ['同事', 0],
      ['健身', 1],
    ]);
    const init = await post<Tag[]>(t, me, '/userTag/initSetList', { wtId: c.wtId });
    expect(init.data.map((x) => [x.tagName, x.tagStatus])).toEqual([
      ['同事', 1],
      ['健身', 0],
    ]);
    expect((await friendsOf(t, me)).find((f) => f.wtId === b.wtId)?.tagNameList).toEqual(['健身']);

    const removed = await post<Tag>(t, me, '/userTag/deleteUser4Tag', {
      tagId: work.data.id,
      wtIds: [c.wtId],
    });
    expect(removed.data.userCount).toBe(0);
    expect(
      (await post<Tag[]>(t, me, '/userTag/setTag4User', { friendsWtId: b.wtId, tagIds: [] })).data.every(
        (x) => x.tagStatus === 0,
      ),
    ).toBe(true);
    expect(
      await post(t, me, '/userTag/setTag4User', { friendsWtId: stranger.wtId, tagIds: [] }),
    ).toMatchObject({ ...Errors.notFriend, msg: `对方不是你的好友: ${stranger.wtId}` });
    expect(await post(t, me, '/userTag/addUser4Tag', { tagId: work.data.id, wtIds: [] })).toMatchObject({
      status: 400,
      code: 400,
      msg: '用户列表不能为空',
    });
  });

  it("cannot read or change another user's tags (IDOR)", async () => {
    const owner = await newUser(t, 'owner');
    const friend = await newUser(t, 'fr');
    const intruder = await newUser(t, 'intr');
    await befriend(t, owner, friend);
    await befriend(t, intruder, friend);
    const tag = await post<Tag>(t, owner, '/userTag/add', { tagName: '秘密', wtIds: [friend.wtId] });
    const id = tag.data.id;
    const own = await post<Tag>(t, intruder, '/userTag/add', { tagName: '我的' });

    const attempts = [
      post(t, intruder, '/userTag/rename', { tagId: id, tagName: '改名' }),
      post(t, intruder, '/userTag/deleteBatch', { ids: [id] }),
      post(t, intruder, '/userTag/deleteBatch', { ids: [own.data.id, id] }),
      post(t, intruder, '/userTag/addUser4Tag', { tagId: id, wtIds: [friend.wtId] }),
      post(t, intruder, '/userTag/deleteUser4Tag', { tagId: id, wtIds: [friend.wtId] }),
      post(t, intruder, '/userTag/getUserList', { id }),
      post(t, intruder, '/userTag/setTag4User', { friendsWtId: friend.wtId, tagIds: [id] }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res).toMatchObject({ status: 404, code: 21020, msg: '标签不存在' });
    }
    // Nothing changed for the owner, and the intruder's own tag survived the mixed batch.
    expect(await tagsOf(owner)).toEqual([expect.objectContaining({ id, tagName: '秘密', userCount: 1 })]);
    expect((await tagsOf(intruder)).map((x) => x.id)).toEqual([own.data.id]);
    expect(
      (await post<Tag[]>(t, intruder, '/userTag/initSetList', { wtId: friend.wtId })).data.map((x) => x.id),
    ).toEqual([own.data.id]);
    expect(await api(t, 'GET', '/userTag/list')).toMatchObject(Errors.unauthorized);
  });
});
