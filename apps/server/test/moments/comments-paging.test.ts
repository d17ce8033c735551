import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Moment } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, comment, detail, feed, post, postMoment, userOn } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type CommentPage = { rows: { id: number; content: string; wtId: string }[]; hasMore: boolean };
const page = (u: TestUser, body: Record<string, unknown>) =>
  post<CommentPage>(t, u, '/friendsCircleComments/listByPage', body);

describe('comments paged', () => {
  it('a moment shows its first 20 comments with commentsMore; the rest come by pages after lastId', async () => {
    const [a, f, s] = [await userOn(t, 'cpa'), await userOn(t, 'cpf'), await userOn(t, 'cps')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: '很多评论' });
    for (let i = 1; i <= 25; i++) expect((await comment(t, i % 2 ? f : a, m.id, `c${i}`)).code).toBe(200);

    const inFeed = (await feed(t, f)).rows.find((r) => r.id === m.id)!;
    expect(inFeed.commentsList.map((c) => c.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i + 1}`),
    );
    expect(inFeed.commentsMore).toBe(true);
    const shown = (await detail(t, f, m.id)).data as Moment;
    expect([shown.commentsList.length, shown.commentsMore]).toEqual([20, true]);

    const last = inFeed.commentsList.at(-1)!.id;
    const next = await page(f, { friendsCircleId: m.id, lastId: last, pageSize: 3 });
    expect(next).toMatchObject({ code: 200, data: { hasMore: true } });
    expect(next.data.rows.map((c) => c.content)).toEqual(['c21', 'c22', 'c23']);
    const rest = await page(f, { friendsCircleId: m.id, lastId: next.data.rows.at(-1)!.id });
    expect(rest.data).toMatchObject({ hasMore: false });
    expect(rest.data.rows.map((c) => c.content)).toEqual(['c24', 'c25']);
    // Without lastId: from the first comment.
    expect((await page(f, { friendsCircleId: m.id, pageSize: 2 })).data.rows.map((c) => c.content)).toEqual([
      'c1',
      'c2',
    ]);

    // A moment with few comments says there are no more.
    const small = await postMoment(t, a, { content: '一条评论' });
    await comment(t, f, small.id, 'only');
    const smallInFeed = (await feed(t, f)).rows.find((r) => r.id === small.id)!;
    expect([smallInFeed.commentsList.length, smallInFeed.commentsMore]).toEqual([1, false]);

    // Someone who cannot see the moment gets the refusal, not its comments; bad input is refused.
    expect(await page(s, { friendsCircleId: m.id })).toMatchObject({
      code: 23101,
      msg: '该动态不存在或已被删除',
      data: null,
    });
    expect(await page(f, { friendsCircleId: m.id, pageSize: 51 })).toMatchObject({ code: 400 });
    expect(await page(f, { friendsCircleId: 'x' })).toMatchObject({ code: 400 });
  });

  it('a page shows only the viewer’s own and their friends’ comments', async () => {
    const [a, f, g] = [await userOn(t, 'cqa'), await userOn(t, 'cqf'), await userOn(t, 'cqg')];
    await befriend(t, a, f);
    await befriend(t, a, g);
    const m = await postMoment(t, a, { content: 'mixed' });
    await comment(t, g, m.id, 'from g');
    await comment(t, f, m.id, 'from f');
    await comment(t, a, m.id, 'from a');
    // f and g are not friends: f sees a's comment and its own, not g's.
    const forF = await page(f, { friendsCircleId: m.id });
    expect(forF.data).toEqual({
      rows: [expect.objectContaining({ content: 'from f' }), expect.objectContaining({ content: 'from a' })],
      hasMore: false,
    });
  });
});
