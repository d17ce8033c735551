import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import {
  albumIds,
  befriend,
  detail,
  feed,
  feedIds,
  post,
  postMoment,
  setStatus,
  tag,
  userOn,
} from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/**
 * Every way a viewer can be kept from a moment, through the API: the feed, the album and the detail
 * must agree (the feed's SQL and the policy used by the detail are the same rule).
 */
async function sees(viewer: TestUser, author: TestUser, id: number): Promise<[boolean, boolean, boolean]> {
  const inFeed = (await feedIds(t, viewer)).includes(id);
  const inAlbum = (await albumIds(t, viewer, author)).includes(id);
  const d = await detail(t, viewer, id);
  if (d.code !== 200) expect(d).toMatchObject({ code: 23101, msg: '该动态不存在或已被删除', data: null });
  return [inFeed, inAlbum, d.code === 200];
}
const YES: [boolean, boolean, boolean] = [true, true, true];
const NO: [boolean, boolean, boolean] = [false, false, false];

describe('moments visibility', () => {
  it('a friend sees a moment for all friends; a stranger does not; the author always does', async () => {
    const [a, f, s] = [await userOn(t, 'ma'), await userOn(t, 'mf'), await userOn(t, 'ms')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: '今天天气很好' });
    expect(m).toMatchObject({
      content: '今天天气很好',
      wtId: a.wtId,
      visibility: 0,
      likeList: [],
      commentsList: [],
    });
    expect(await sees(f, a, m.id)).toEqual(YES);
    expect(await sees(s, a, m.id)).toEqual(NO);
    expect(await sees(a, a, m.id)).toEqual(YES);
  });

  it('only me, only tags and except tags, on the existing friend tags', async () => {
    const [a, inTag, outTag] = [await userOn(t, 'va'), await userOn(t, 'vin'), await userOn(t, 'vout')];
    await befriend(t, a, inTag);
    await befriend(t, a, outTag);
    const family = await tag(t, a, '家人', [inTag]);
    const priv = await postMoment(t, a, { content: 'private', visibility: 1 });
    const only = await postMoment(t, a, { content: 'only', visibility: 2, tagIds: [family] });
    const except = await postMoment(t, a, { content: 'except', visibility: 3, tagIds: [family] });
    expect(only.groupList).toEqual([{ id: family, tagName: '家人' }]);
    expect(await sees(inTag, a, priv.id)).toEqual(NO);
    expect(await sees(outTag, a, priv.id)).toEqual(NO);
    expect(await sees(inTag, a, only.id)).toEqual(YES);
    expect(await sees(outTag, a, only.id)).toEqual(NO);
    expect(await sees(inTag, a, except.id)).toEqual(NO);
    expect(await sees(outTag, a, except.id)).toEqual(YES);
    expect(await sees(a, a, priv.id)).toEqual(YES);
    // Others never learn the rule.
    expect((await detail(t, inTag, only.id)).data).toMatchObject({ visibility: 0, groupList: [] });
  });

  it('each space switch hides the moments, and opening it again shows them', async () => {
    const [a, f] = [await userOn(t, 'sa'), await userOn(t, 'sf')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: 'switches' });
    const set = async (u: TestUser, other: TestUser, field: string, v: number) =>
      expect(
        (await post(t, u, '/userFriends/updateSpaceStatus', { friendsWtId: other.wtId, [field]: v })).code,
      ).toBe(200);
    await set(f, a, 'friendsSpaceStatus', 1); // f does not look at a's moments
    expect(await sees(f, a, m.id)).toEqual(NO);
    await set(f, a, 'friendsSpaceStatus', 0);
    expect(await sees(f, a, m.id)).toEqual(YES);
    await set(a, f, 'mineSpaceStatus', 1); // a hides moments from f
    expect(await sees(f, a, m.id)).toEqual(NO);
    expect(await sees(a, a, m.id)).toEqual(YES);
    await set(a, f, 'mineSpaceStatus', 0);
    expect(await sees(f, a, m.id)).toEqual(YES);
  });

  it('a blacklist either way hides the moments both ways', async () => {
    const [a, f] = [await userOn(t, 'ba'), await userOn(t, 'bf')];
    await befriend(t, a, f);
    const ma = await postMoment(t, a, { content: 'by a' });
    const mf = await postMoment(t, f, { content: 'by f' });
    expect((await post(t, a, '/user/friendBlack/add', { friendWtId: f.wtId })).code).toBe(200);
    expect(await sees(f, a, ma.id)).toEqual(NO);
    expect(await sees(a, f, mf.id)).toEqual(NO);
    expect((await post(t, a, '/user/friendBlack/deleteByUserId', { friendWtId: f.wtId })).code).toBe(200);
    expect(await sees(f, a, ma.id)).toEqual(YES);
    expect((await post(t, f, '/user/friendBlack/add', { friendWtId: a.wtId })).code).toBe(200);
    expect(await sees(f, a, ma.id)).toEqual(NO);
    expect(await sees(a, f, mf.id)).toEqual(NO);
  });

  it('un-friending (by either side) and a cancelled account hide the moments', async () => {
    const [a, f, g] = [await userOn(t, 'ua'), await userOn(t, 'uf'), await userOn(t, 'ug')];
    await befriend(t, a, f);
    await befriend(t, a, g);
    const m = await postMoment(t, a, { content: 'soon gone' });
    expect(await sees(f, a, m.id)).toEqual(YES);
    expect((await post(t, f, '/userFriends/delete', { friendsWtId: a.wtId })).code).toBe(200);
    expect(await sees(f, a, m.id)).toEqual(NO);
    expect(await sees(g, a, m.id)).toEqual(YES);
    await setStatus(t, a, 1);
    expect(await sees(g, a, m.id)).toEqual(NO);
  });

  it('the feed holds own and friends’ moments newest first, ten a page, with lastId or pageNum', async () => {
    const [a, f] = [await userOn(t, 'pa'), await userOn(t, 'pf')];
    await befriend(t, a, f);
    const ids: number[] = [];
    for (let i = 0; i < 13; i += 1)
      ids.push((await postMoment(t, i % 2 ? a : f, { content: `post ${i}` })).id);
    const newest = [...ids].reverse();
    const first = await feed(t, a);
    expect(first.rows.map((m) => m.id)).toEqual(newest.slice(0, 10));
    expect(first.hasMore).toBe(true);
    const second = await feed(t, a, { lastId: first.rows.at(-1)!.id });
    expect(second).toMatchObject({ hasMore: false });
    expect(second.rows.map((m) => m.id)).toEqual(newest.slice(10));
    expect((await feed(t, a, { pageNum: 2 })).rows.map((m) => m.id)).toEqual(newest.slice(10));
    expect((await feed(t, a, { pageNum: 3 })).rows).toEqual([]);
  });

  it('a friend added later sees older moments in the album, and only new ones in the feed', async () => {
    const [a, f] = [await userOn(t, 'la'), await userOn(t, 'lf')];
    const before = await postMoment(t, a, { content: 'before' });
    await befriend(t, a, f);
    const after = await postMoment(t, a, { content: 'after' });
    expect(await feedIds(t, f)).toEqual([after.id]);
    expect(await albumIds(t, f, a)).toEqual([after.id, before.id]);
  });

  it('an album of an unknown user is 10010', async () => {
    const a = await userOn(t, 'na');
    expect(await post(t, a, '/user/friendsCircle/listByUser', { wtId: 'nobody_here' })).toMatchObject({
      code: 10010,
      msg: '该用户不存在',
    });
  });
});
