import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type QuickPhrase } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { newUser, post } from '../friends/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const listOf = async (u: TestUser) =>
  (await api<QuickPhrase[]>(t, 'GET', '/userDailyWord/list', { token: u.token })).data;
const words = (l: QuickPhrase[]) => l.map((p) => p.word);
const add = (u: TestUser, word: string, wordSort?: number) =>
  post<QuickPhrase[]>(t, u, '/userDailyWord/add', { word, wordSort });

describe('quick phrases', () => {
  it('adds phrases last by default, edits one in place and keeps the order', async () => {
    const me = await newUser(t, 'qp');
    expect(await listOf(me)).toEqual([]);
    expect((await add(me, '  你好  ')).data.map((p) => [p.word, p.wordSort])).toEqual([['你好', 0]]);
    await add(me, '稍等');
    const third = await add(me, '好的');
    expect(third).toMatchObject({ code: 200, msg: '添加成功' });
    expect(words(third.data)).toEqual(['你好', '稍等', '好的']);

    const second = third.data[1]!;
    const upd = await post<QuickPhrase[]>(t, me, '/userDailyWord/update', { id: second.id, word: '马上来' });
    expect(upd).toMatchObject({ code: 200, msg: '修改成功' });
    expect(words(upd.data)).toEqual(['你好', '马上来', '好的']);
    expect(upd.data[1]).toEqual({ ...second, word: '马上来' });
  });

  it('reorders by ids, the unnamed ones keeping their order after them', async () => {
    const me = await newUser(t, 'qp');
    for (const w of ['a', 'b', 'c', 'd']) await add(me, w);
    const [a, b, c, d] = await listOf(me);
    const sorted = await post<QuickPhrase[]>(t, me, '/userDailyWord/sort', { ids: [d!.id, b!.id] });
    expect(sorted.code).toBe(200);
    expect(words(sorted.data)).toEqual(['d', 'b', 'a', 'c']);
    expect(sorted.data.map((p) => p.wordSort)).toEqual([0, 1, 2, 3]);
    // Ids as digit strings are accepted; the order holds on the next list.
    await post(t, me, '/userDailyWord/sort', { ids: [String(c!.id), String(a!.id)] });
    expect(words(await listOf(me))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('accepts 200 characters and refuses 201, an empty phrase and a megabyte', async () => {
    const me = await newUser(t, 'qp');
    expect((await add(me, '字'.repeat(200))).code).toBe(200);
    expect((await add(me, '😀'.repeat(200))).code).toBe(200);
    expect(await add(me, '字'.repeat(201))).toMatchObject({
      status: 400,
      msg: '常用语不能超过200个字符',
    });
    expect(await add(me, '   ')).toMatchObject({ status: 400, msg: '常用语不能为空' });
    expect(await add(me, 'x'.repeat(100_000))).toMatchObject({
      status: 400,
      msg: '常用语不能超过200个字符',
    });
    expect(await add(me, 'x'.repeat(1 << 20))).toMatchObject(Errors.payloadTooLarge);
    expect(await listOf(me)).toHaveLength(2);
  });

  it('deletes by ids and answers 24001 for an id of another user, changing nothing (IDOR)', async () => {
    const me = await newUser(t, 'qp');
    const other = await newUser(t, 'qp');
    await add(me, 'mine');
    await add(me, 'mine2');
    const theirs = (await add(other, 'theirs')).data[0]!;
    const mine = await listOf(me);

    for (const [url, body] of [
      ['/userDailyWord/update', { id: theirs.id, word: 'hijack' }],
      ['/userDailyWord/sort', { ids: [theirs.id] }],
      ['/userDailyWord/deleteByIds', { ids: [mine[0]!.id, theirs.id] }],
    ] as const) {
      expect(await post(t, me, url, body)).toMatchObject({
        ...Errors.quickPhraseNotFound,
        data: { id: theirs.id },
      });
    }
    expect(await listOf(other)).toEqual([theirs]);
    expect(await listOf(me)).toEqual(mine);

    const del = await post<QuickPhrase[]>(t, me, '/userDailyWord/deleteByIds', { ids: [mine[0]!.id] });
    expect(del).toMatchObject({ code: 200, msg: '删除成功' });
    expect(words(del.data)).toEqual(['mine2']);
    expect(await post(t, me, '/userDailyWord/deleteByIds', { ids: [] })).toMatchObject({
      status: 400,
      msg: '编号列表不能为空',
    });
  });

  it('keeps at most 100 phrases', async () => {
    const me = await newUser(t, 'qp');
    const now = Date.now();
    const owner = await t.server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('wt_id', '=', me.wtId)
      .executeTakeFirstOrThrow();
    await t.server.ctx.db
      .insertInto('quick_phrases')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          owner_id: owner.id,
          word: `p${i}`,
          word_sort: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await add(me, 'hundredth')).data).toHaveLength(100);
    expect(await add(me, 'one more')).toMatchObject(Errors.quickPhraseLimit);
  });

  it('needs a session', async () => {
    expect(await api(t, 'GET', '/userDailyWord/list')).toMatchObject({ status: 401, code: 401 });
  });
});
