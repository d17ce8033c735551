import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendItem, Tag } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { apply, befriend, newUser, post } from './helpers.js';

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function socketOf(token: string): Promise<TestSocket> {
  const s = await openSocket(t, token);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

const friendUpdated = (wtId: string) => (f: { type: unknown; data: unknown }) =>
  f.type === 'friend.updated' && (f.data as FriendItem).wtId === wtId;

describe('friend.black', () => {
  it("tells the blocker's tabs, with friend.updated for a friend; the blocked user hears nothing", async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const aTab = await socketOf(a.token);
    const bTab = await socketOf(b.token);

    expect(await post(t, a, '/user/friendBlack/add', { friendWtId: b.wtId })).toMatchObject({
      code: 200,
      data: { friendWtId: b.wtId, ownerBlackStatus: 1 },
    });
    expect((await aTab.next((f) => f.type === 'friend.black')).data).toEqual({
      friendWtId: b.wtId,
      ownerBlackStatus: 1,
    });
    expect((await aTab.next(friendUpdated(b.wtId))).data).toMatchObject({
      wtId: b.wtId,
      ownerBlackStatus: 1,
    });

    await post(t, a, '/user/friendBlack/deleteByUserId', { friendWtId: b.wtId });
    expect((await aTab.next((f) => f.type === 'friend.black')).data).toEqual({
      friendWtId: b.wtId,
      ownerBlackStatus: 0,
    });
    expect((await aTab.next(friendUpdated(b.wtId))).data).toMatchObject({
      wtId: b.wtId,
      ownerBlackStatus: 0,
    });

    // B's own later event arrives, and nothing about the blacklist came before it.
    await post(t, b, '/userFriends/update', { friendsWtId: a.wtId, remark: 'A' });
    await bTab.next(friendUpdated(a.wtId));
    expect(bTab.frames.filter((f) => f.type === 'friend.black')).toEqual([]);
    expect(bTab.frames.filter(friendUpdated(b.wtId))).toEqual([]);
  });

  it('blocking a stranger sends friend.black only (there is no friend row to update)', async () => {
    const a = await newUser(t, 'alice');
    const stranger = await newUser(t, 'sam');
    const aTab = await socketOf(a.token);
    await post(t, a, '/user/friendBlack/add', { friendWtId: stranger.wtId });
    expect((await aTab.next((f) => f.type === 'friend.black')).data).toEqual({
      friendWtId: stranger.wtId,
      ownerBlackStatus: 1,
    });
    // A later event of A's proves the earlier ones are all here.
    await post(t, a, '/userTag/add', { tagName: '之后' });
    await aTab.next((f) => f.type === 'tags.updated');
    expect(aTab.frames.filter((f) => f.type === 'friend.updated')).toEqual([]);
  });
});

describe('friend.updated', () => {
  it('follows moments visibility changes, one flag at a time', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const aTab = await socketOf(a.token);
    await post(t, a, '/userFriends/updateSpaceStatus', { friendsWtId: b.wtId, friendsSpaceStatus: 1 });
    expect((await aTab.next(friendUpdated(b.wtId))).data).toMatchObject({
      friendsSpaceStatus: 1,
      mineSpaceStatus: 0,
    });
    await post(t, a, '/userFriends/updateSpaceStatus', { friendsWtId: b.wtId, mineSpaceStatus: 1 });
    expect((await aTab.next(friendUpdated(b.wtId))).data).toMatchObject({
      friendsSpaceStatus: 1,
      mineSpaceStatus: 1,
    });
  });

  it("follows the friend's tags set with setTag4User, with tags.updated", async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const colleagues = (await post<Tag>(t, a, '/userTag/add', { tagName: '同事' })).data;
    const climbers = (await post<Tag>(t, a, '/userTag/add', { tagName: '爬山' })).data;
    const aTab = await socketOf(a.token);

    const set = await post(t, a, '/userTag/setTag4User', {
      friendsWtId: b.wtId,
      tagIds: [colleagues.id, climbers.id],
    });
    expect(set.code).toBe(200);
    const item = (await aTab.next(friendUpdated(b.wtId))).data as FriendItem;
    expect([...item.tagIds].sort((x, y) => x - y)).toEqual(
      [colleagues.id, climbers.id].sort((x, y) => x - y),
    );
    expect([...item.tagNameList].sort()).toEqual(['同事', '爬山'].sort());
    const tags = (await aTab.next((f) => f.type === 'tags.updated')).data as { tags: Tag[] };
    expect(tags.tags.map((x) => x.tagName).sort()).toEqual(['同事', '爬山'].sort());

    await post(t, a, '/userTag/setTag4User', { friendsWtId: b.wtId, tagIds: [] });
    expect((await aTab.next(friendUpdated(b.wtId))).data).toMatchObject({ tagIds: [], tagNameList: [] });
  });
});

describe('handling an application from a cancelled account', () => {
  it('accepting answers 20003 and makes no friendship; rejecting still works', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    const c = await newUser(t, 'carol');
    expect((await apply(t, a, b)).code).toBe(200);
    expect((await apply(t, c, b)).code).toBe(200);
    // Cancelling an account has no route yet: set the status on the test server's own database.
    await t.server.ctx.db
      .updateTable('users')
      .set({ status: 1 })
      .where('wt_id', 'in', [a.wtId, c.wtId])
      .execute();

    const accepted = await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 });
    expect(accepted).toMatchObject({ status: 404, code: 20003, msg: '用户已注销' });
    const friends = await post<{ total: number }>(t, b, '/userFriends/list', {});
    expect(friends.data.total).toBe(0);

    const rejected = await post(t, b, '/userFriends/apply/handle', { applyWtId: c.wtId, handleStatus: 2 });
    expect(rejected).toMatchObject({ code: 200, data: { userID: c.wtId, status: 2, direction: 'in' } });
  });
});
