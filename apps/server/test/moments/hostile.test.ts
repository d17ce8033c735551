import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { MOMENT_POSTS_PER_MINUTE } from '../../src/modules/moments/moments.service.js';
import { upload } from '../uploads/fixtures.js';
import {
  befriend,
  comment,
  detail,
  image,
  interactions,
  post,
  postMoment,
  praise,
  userOn,
} from './helpers.js';

let t: TestServer;
let a: TestUser;
let friend: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  [a, friend, stranger] = [await userOn(t, 'ha'), await userOn(t, 'hf'), await userOn(t, 'hs')];
  await befriend(t, a, friend);
});
afterAll(() => t.close());

const add = (u: TestUser, body: unknown) => post(t, u, '/user/friendsCircle/add', body);
const countMoments = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('moments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('posting: hostile input is refused and nothing is stored', () => {
  it('text: blank, 1 MB, control characters, numbers for strings, a sensitive word', async () => {
    const before = await countMoments();
    expect(await add(a, { content: '   ' })).toMatchObject({
      code: 23102,
      msg: '请输入内容或选择图片、视频',
    });
    expect(await add(a, {})).toMatchObject({ code: 23102 });
    expect(await add(a, { content: 'x'.repeat(1024 * 1024) })).toMatchObject({
      status: 413,
      code: 413,
      msg: '请求内容过大',
    });
    expect(await add(a, { content: 'x'.repeat(100 * 1024) })).toMatchObject({
      status: 400,
      code: 400,
      msg: '内容不能超过2000个字符',
    });
    expect(await add(a, { content: 'x'.repeat(2001) })).toMatchObject({ code: 400 });
    expect(await add(a, { content: 'bad\u0000byte' })).toMatchObject({
      code: 400,
      msg: '内容含有不允许的控制字符',
    });
    expect(await add(a, { content: 12345 })).toMatchObject({ code: 400 });
    expect(await add(a, { content: '买六合彩吗' })).toMatchObject({ code: 80001 });
    expect(await countMoments()).toBe(before);
    // 2,000 characters (CJK, each one character) are fine.
    expect((await add(a, { content: '好'.repeat(2000) })).code).toBe(200);
  });

  it('images: ten, another user’s upload, a URL that is no upload, a video as an image, duplicates', async () => {
    const before = await countMoments();
    const mine = await image(t, a);
    const theirs = await image(t, stranger);
    expect(await add(a, { images: Array(10).fill(mine) })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('最多只能选择9张图片'),
    });
    expect(await add(a, { images: [theirs] })).toMatchObject({
      code: 23103,
      msg: '图片或视频无效，请重新上传',
    });
    expect(await add(a, { images: ['/api/oss/files/0123456789abcdef0123456789abcdef.png'] })).toMatchObject({
      code: 23103,
    });
    expect(await add(a, { images: ['https://evil.example/x.png'] })).toMatchObject({ code: 400 });
    expect(await add(a, { images: [mine, mine] })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('图片不能重复'),
    });
    expect(await add(a, { images: 'not a list' })).toMatchObject({ code: 400 });
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(500, 3),
    ]);
    const video = (await upload(t, a.token, { bytes: mp4, name: 'v.mp4' })).data!.url;
    expect(await add(a, { images: [video] })).toMatchObject({ code: 23103 });
    expect(await add(a, { video: { url: mine } })).toMatchObject({ code: 23103 });
    expect(await add(a, { images: [mine], video: { url: video } })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('图片和视频不能同时发布'),
    });
    expect(await countMoments()).toBe(before);

    const nine = await Promise.all(Array.from({ length: 9 }, () => image(t, a)));
    const posted = await postMoment(t, a, { content: '九宫格', images: nine });
    expect(posted.images.map((i) => i.url)).toEqual(nine);
    expect(posted.images[0]).toMatchObject({ width: 1, height: 1, thumbUrl: nine[0] });
    const clip = await postMoment(t, a, { video: { url: video, snapshotUrl: mine } });
    expect(clip.video).toEqual({ url: video, snapshotUrl: mine });
  });

  it('visibility: unknown values, tags missing or not one’s own', async () => {
    const theirTag = (await post<{ id: number }>(t, stranger, '/userTag/add', { tagName: '别人的' })).data.id;
    expect(await add(a, { content: 'x', visibility: 7 })).toMatchObject({ code: 400 });
    expect(await add(a, { content: 'x', visibility: 2 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('须选择标签'),
    });
    expect(await add(a, { content: 'x', visibility: 0, tagIds: [theirTag] })).toMatchObject({ code: 400 });
    expect(await add(a, { content: 'x', visibility: 2, tagIds: [theirTag] })).toMatchObject({
      code: 21020,
      msg: '标签不存在',
    });
    expect(await add(a, { content: 'x', visibility: 3, tagIds: Array(21).fill(1) })).toMatchObject({
      code: 400,
    });
  });
});

describe('floods', () => {
  it('posting is limited per user and minute (429); nothing is stored beyond it', async () => {
    const poster = await userOn(t, 'flood');
    for (let i = 0; i < MOMENT_POSTS_PER_MINUTE; i += 1)
      expect((await add(poster, { content: `#${i}` })).code).toBe(200);
    const before = await countMoments();
    expect(await add(poster, { content: 'one too many' })).toMatchObject({
      status: 429,
      code: 429,
      msg: '操作过于频繁，请稍后再试',
    });
    expect(await countMoments()).toBe(before);
  });
});

describe('IDOR: every route answers the same for a moment one may not see as for none', () => {
  it('detail, likes, comments, interactions, removal, comment removal', async () => {
    const m = await postMoment(t, a, { content: 'not for strangers' });
    const c = (await comment(t, friend, m.id, 'friendly')).data.comment.id;
    const gone = { code: 23101, msg: '该动态不存在或已被删除', data: null };
    for (const id of [m.id, 99999999]) {
      expect(await detail(t, stranger, id)).toMatchObject(gone);
      expect(await praise(t, stranger, id)).toMatchObject(gone);
      expect(await comment(t, stranger, id, 'hi')).toMatchObject(gone);
      expect(await interactions(t, stranger, id)).toMatchObject(gone);
      expect(await post(t, stranger, '/user/friendsCircle/remove', { id })).toMatchObject(gone);
    }
    expect(await post(t, friend, '/user/friendsCircle/remove', { id: m.id })).toMatchObject(gone);
    expect(await post(t, stranger, '/friendsCircleComments/remove', { id: c })).toMatchObject({
      code: 23104,
    });
    expect(
      (await post(t, stranger, '/friendsCircleComments/commentsAndPraiseListByBatch', { ids: [m.id] })).data,
    ).toEqual([]);
    expect(
      await post(t, stranger, '/friendsCircleComments/commentsAndPraiseListByBatch', {
        ids: Array(21).fill(1),
      }),
    ).toMatchObject({ code: 400 });
    // Nothing changed for the owner.
    expect((await interactions(t, a, m.id)).data).toMatchObject({ likeList: [], commentsList: [{ id: c }] });
    // Notices are the caller's own: another user's list is never reachable.
    expect(
      (await post<{ total: number }>(t, stranger, '/friendsCircleNotice/listByPage', {})).data.total,
    ).toBe(0);
  });

  it('ids as strings of digits are read as numbers; anything else is refused', async () => {
    const m = await postMoment(t, a, { content: 'ids' });
    expect((await detail(t, friend, String(m.id) as unknown as number)).code).toBe(200);
    for (const id of ['1e3', '0x10', -1, 0, 1.5, true, null, [m.id]])
      expect(await post(t, friend, '/user/friendsCircle/getInfoById', { id })).toMatchObject({ code: 400 });
    expect(await post(t, friend, '/user/friendsCircle/list', { pageSize: 1000 })).toMatchObject({
      code: 400,
    });
  });

  it('refusals come in the caller’s language', async () => {
    const en = (body: unknown, path = '/user/friendsCircle/getInfoById') =>
      api(t, 'POST', path, { token: stranger.token, body, headers: { 'accept-language': 'en' } });
    expect(await en({ id: 99999999 })).toMatchObject({
      code: 23101,
      msg: 'This moment does not exist or was deleted.',
    });
    expect(await en({ content: ' ' }, '/user/friendsCircle/add')).toMatchObject({
      code: 23102,
      msg: 'Write something or choose photos or a video.',
    });
  });

  it('every route needs a session', async () => {
    for (const path of ['/user/friendsCircle/list', '/user/friendsCircle/add', '/friendsCircleNotice/clear'])
      expect(await api(t, 'POST', path, { body: {} })).toMatchObject({ status: 401, code: 401 });
  });
});
