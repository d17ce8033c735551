import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { post, userOn } from '../messaging/helpers.js';

let t: TestServer;
let ann: TestUser;
let ben: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  ann = await userOn(t, 'ann');
  ben = await userOn(t, 'ben');
});
afterAll(() => t.close());

type Page = { rows: Favorite[]; total: number };
const add = (u: TestUser, body: Record<string, unknown>) =>
  post<Favorite>(t, u, '/user/collection/add', body);
const list = (u: TestUser, body: Record<string, unknown> = {}) =>
  post<Page>(t, u, '/user/collection/list', body);
const FILE = '/api/oss/files/0123456789abcdef0123456789abcdef';

describe('favorites', () => {
  it('saves text as 1, text with http as 7, and every media type with its fields', async () => {
    const text = await add(ann, { contentType: 1, collectTitle: '记得买牛奶', collectedUserId: ben.wtId });
    expect(text).toMatchObject({
      code: 200,
      msg: '收藏成功',
      data: { contentType: 1, collectedUserName: 'ben', topStatus: 0 },
    });
    expect(
      (await add(ann, { contentType: 1, collectTitle: 'see https://parley.example' })).data.contentType,
    ).toBe(7);
    expect((await add(ann, { contentType: 7, collectTitle: 'no link here' })).data.contentType).toBe(1);
    expect(
      (await add(ann, { contentType: 2, videoImage: `${FILE}.png`, imageUuid: 'u1' })).data,
    ).toMatchObject({
      contentType: 2,
      videoImage: `${FILE}.png`,
    });
    expect(
      (await add(ann, { contentType: 3, videoImage: `${FILE}.jpg`, videoImageAddress: `${FILE}.mp4` })).data,
    ).toMatchObject({ contentType: 3, videoImageAddress: `${FILE}.mp4` });
    expect(
      (
        await add(ann, {
          contentType: 4,
          videoImageAddress: `${FILE}.bin`,
          fileName: '合同.pdf',
          fileSize: 2048,
        })
      ).data,
    ).toMatchObject({ contentType: 4, fileName: '合同.pdf', fileSize: 2048 });
    expect(
      (
        await add(ann, {
          contentType: 5,
          addressTitle: '外滩',
          collectTitle: '上海市黄浦区',
          lat: 31.23,
          lng: 121.47,
        })
      ).data,
    ).toMatchObject({ contentType: 5, lat: 31.23, lng: 121.47, addressTitle: '外滩' });
    expect(
      (await add(ann, { contentType: 99, collectTitle: '笔记', noteContent: '内容' })).data.contentType,
    ).toBe(99);
    expect((await list(ann)).data.total).toBe(8);
  });

  it("refuses media that is not this server's, missing fields, unknown types", async () => {
    const refused = (field: string, text: string) => ({ status: 400, code: 400, msg: text, data: { field } });
    const before = (await list(ann)).data.total;
    const cases: Array<[() => Promise<unknown>, object]> = [
      [
        () => add(ann, { contentType: 2, videoImage: 'https://evil.example/x.png' }),
        refused('videoImage', '视频封面必须是本服务器上传的文件'),
      ],
      [() => add(ann, { contentType: 2 }), refused('videoImage', '视频封面不能为空')],
      [
        () => add(ann, { contentType: 4, videoImageAddress: `${FILE}.bin` }),
        refused('fileName', '文件名不能为空'),
      ],
      [() => add(ann, { contentType: 6, collectTitle: 'x' }), refused('contentType', '内容类型格式不正确')],
      [() => add(ann, { contentType: 1, collectTitle: '   ' }), refused('collectTitle', '收藏内容不能为空')],
      [() => add(ann, { contentType: '1', collectTitle: 'x' }), refused('contentType', '内容类型格式不正确')],
      [
        () => add(ann, { contentType: 1, collectTitle: 'x'.repeat(5001) }),
        refused('collectTitle', '收藏内容不能超过5000个字符'),
      ],
      [() => add(ann, { contentType: 5, lat: '31', lng: 121 }), refused('lat', '纬度格式不正确')],
      [() => list(ann, { pageSize: 1000 }), refused('pageSize', '每页条数不能超过50')],
      [() => post(t, ann, '/user/collection/batchDel', { ids: 'all' }), refused('ids', '编号列表格式不正确')],
    ];
    for (const [call, expected] of cases) expect(await call()).toMatchObject(expected);
    // Nothing of it was stored.
    expect((await list(ann)).data.total).toBe(before);
  });

  it('lists pages of 10, searches, filters by type, pins to the top', async () => {
    for (let i = 0; i < 12; i++) await add(ben, { contentType: 1, collectTitle: `item ${i}` });
    const first = await list(ben);
    expect(first.data.total).toBe(12);
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.rows[0]!.collectTitle).toBe('item 11');
    expect((await list(ben, { pageNum: 2 })).data.rows.map((r) => r.collectTitle)).toEqual([
      'item 1',
      'item 0',
    ]);
    expect((await list(ben, { collectTitle: 'item 1' })).data.total).toBe(3); // item 1, 10, 11
    expect((await list(ben, { collectTitle: '100%' })).data.total).toBe(0);
    await add(ben, { contentType: 1, collectTitle: 'rate 100% a_b' });
    expect((await list(ben, { collectTitle: '100%' })).data.total).toBe(1);
    expect((await list(ben, { collectTitle: 'a_b' })).data.total).toBe(1);
    expect((await list(ben, { collectTitle: 'a%b' })).data.total).toBe(0);
    await post(t, ben, '/user/collection/batchDel', {
      ids: [(await list(ben, { collectTitle: 'a_b' })).data.rows[0]!.id],
    });
    const old = first.data.rows[9]!;
    expect((await post<Favorite>(t, ben, '/user/collection/topSet', { id: old.id })).data.topStatus).toBe(1);
    expect((await list(ben)).data.rows[0]!.id).toBe(old.id);
    expect((await post<Favorite>(t, ben, '/user/collection/topCancel', { id: old.id })).data.topStatus).toBe(
      0,
    );
    expect((await list(ben)).data.rows[0]!.collectTitle).toBe('item 11');
  });

  it('filters by type: 1 and 7 (text and link) together, every other type alone', async () => {
    const cat = await userOn(t, 'cat');
    const text = (await add(cat, { contentType: 1, collectTitle: 'plain words' })).data;
    const image = (await add(cat, { contentType: 2, videoImage: `${FILE}.png` })).data;
    const link = (await add(cat, { contentType: 1, collectTitle: 'see http://parley.example' })).data;
    const place = (
      await add(cat, { contentType: 5, addressTitle: '外滩', collectTitle: '黄浦区', lat: 31.2, lng: 121.5 })
    ).data;
    expect([text, image, link, place].map((f) => f.contentType)).toEqual([1, 2, 7, 5]);
    const filtered = async (contentType: number) => {
      const page = (await list(cat, { contentType })).data;
      expect(page.total, `type ${contentType}`).toBe(page.rows.length);
      return page.rows.map((r) => [r.id, r.contentType]);
    };
    // Newest first.
    expect(await filtered(7)).toEqual([
      [link.id, 7],
      [text.id, 1],
    ]);
    expect(await filtered(1)).toEqual([
      [link.id, 7],
      [text.id, 1],
    ]);
    expect(await filtered(2)).toEqual([[image.id, 2]]);
    expect(await filtered(5)).toEqual([[place.id, 5]]);
    expect(await filtered(4)).toEqual([]);
    expect((await list(cat)).data.total).toBe(4);
  });

  it("never shows or changes another user's favorites", async () => {
    const hers = (await add(ann, { contentType: 1, collectTitle: 'secret of ann' })).data;
    expect((await list(ben, { collectTitle: 'secret' })).data.total).toBe(0);
    const notFound = { status: 404, code: 404, msg: '访问资源不存在' };
    expect(await post(t, ben, '/user/collection/topSet', { id: hers.id })).toMatchObject(notFound);
    expect(await post(t, ben, '/user/collection/topCancel', { id: hers.id })).toMatchObject(notFound);
    const mine = (await add(ben, { contentType: 1, collectTitle: 'mine' })).data;
    // One foreign id in the batch: nothing is deleted.
    expect(await post(t, ben, '/user/collection/batchDel', { ids: [mine.id, hers.id] })).toMatchObject(
      notFound,
    );
    expect((await list(ann, { collectTitle: 'secret' })).data.rows).toMatchObject([
      { id: hers.id, topStatus: 0 },
    ]);
    expect((await list(ben, { collectTitle: 'mine' })).data.total).toBe(1);
    expect(await post(t, ben, '/user/collection/batchDel', { ids: [mine.id] })).toMatchObject({
      code: 200,
      msg: '删除成功',
      data: { deleted: 1 },
    });
  });
});
