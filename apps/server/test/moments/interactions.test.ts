import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSocket, startTestServer, type TestServer } from '../helpers.js';
import {
  befriend,
  comment,
  feed,
  interactions,
  notices,
  post,
  postMoment,
  praise,
  userOn,
} from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('moment likes', () => {
  it('toggle, answer minePraiseStatus and the praise list, and show in the feed', async () => {
    const [a, f] = [await userOn(t, 'la'), await userOn(t, 'lf')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: 'like me' });
    expect(await praise(t, f, m.id)).toMatchObject({
      code: 200,
      data: { id: m.id, minePraiseStatus: 1, praiseList: [{ wtId: f.wtId, nickName: 'lf' }] },
    });
    expect((await feed(t, f)).rows[0]).toMatchObject({ id: m.id, minePraiseStatus: 1 });
    expect((await feed(t, a)).rows[0]).toMatchObject({ minePraiseStatus: 0, likeList: [{ wtId: f.wtId }] });
    expect(await praise(t, f, m.id)).toMatchObject({
      code: 200,
      data: { minePraiseStatus: 0, praiseList: [] },
    });
  });

  it('likes and comments show only from the viewer’s friends and the viewer', async () => {
    const [a, f1, f2] = [await userOn(t, 'wa'), await userOn(t, 'wf1'), await userOn(t, 'wf2')];
    await befriend(t, a, f1);
    await befriend(t, a, f2); // f1 and f2 do not know each other
    const m = await postMoment(t, a, { content: 'who sees whom' });
    await praise(t, f1, m.id);
    await praise(t, f2, m.id);
    await comment(t, f1, m.id, 'from f1');
    await comment(t, f2, m.id, 'from f2');
    const byAuthor = (await interactions(t, a, m.id)).data;
    expect(byAuthor.likeList.map((l) => l.wtId)).toEqual([f1.wtId, f2.wtId]);
    expect(byAuthor.commentsList.map((c) => c.content)).toEqual(['from f1', 'from f2']);
    const byF1 = (await interactions(t, f1, m.id)).data;
    expect(byF1).toMatchObject({ minePraiseStatus: 1, likeList: [{ wtId: f1.wtId }] });
    expect(byF1.commentsList.map((c) => c.content)).toEqual(['from f1']);
    const batch = await post<{ id: number }[]>(t, f2, '/friendsCircleComments/commentsAndPraiseListByBatch', {
      ids: [m.id, m.id],
    });
    expect(batch.data).toEqual([
      expect.objectContaining({ id: m.id, likeList: [expect.objectContaining({ wtId: f2.wtId })] }),
    ]);
  });
});

describe('moment comments and replies', () => {
  it('a blacklist either way hides that person’s likes and comments, and a reply to them is refused', async () => {
    const [a, f1, f2] = [await userOn(t, 'xa'), await userOn(t, 'xf1'), await userOn(t, 'xf2')];
    await befriend(t, a, f1);
    await befriend(t, a, f2);
    await befriend(t, f1, f2);
    const m = await postMoment(t, a, { content: 'blocked voices' });
    await praise(t, f1, m.id);
    await comment(t, f1, m.id, 'f1 here');
    expect((await interactions(t, f2, m.id)).data.commentsList.map((c) => c.content)).toEqual(['f1 here']);
    expect((await post(t, f1, '/user/friendBlack/add', { friendWtId: f2.wtId })).code).toBe(200);
    for (const viewer of [f2, f1]) {
      const seen = (await interactions(t, viewer, m.id)).data;
      const others = viewer === f2 ? [] : [f1.wtId];
      expect(seen.likeList.map((l) => l.wtId)).toEqual(others);
      expect(seen.commentsList.map((c) => c.wtId)).toEqual(others);
    }
    expect(await comment(t, f2, m.id, 'hello?', f1.wtId)).toMatchObject({ code: 23105 });
    // The author, who blocks nobody, still sees both.
    expect((await interactions(t, a, m.id)).data.likeList.map((l) => l.wtId)).toEqual([f1.wtId]);
  });

  it('comment, reply to a visible comment, refuse replies to oneself or to a hidden commenter', async () => {
    const [a, f1, f2] = [await userOn(t, 'ca'), await userOn(t, 'cf1'), await userOn(t, 'cf2')];
    await befriend(t, a, f1);
    await befriend(t, a, f2);
    const m = await postMoment(t, a, { content: 'talk' });
    const c1 = await comment(t, f1, m.id, '第一条');
    expect(c1).toMatchObject({
      code: 200,
      msg: '评论成功',
      data: { id: m.id, comment: { replyToWtId: '' } },
    });
    const reply = await comment(t, a, m.id, '回复你', f1.wtId);
    expect(reply.data.comment).toMatchObject({ replyToWtId: f1.wtId, replyToNickName: 'cf1' });
    const invalid = { code: 23105, msg: '无法回复该用户', data: null };
    expect(await comment(t, f1, m.id, 'self', f1.wtId)).toMatchObject(invalid);
    expect(await comment(t, f2, m.id, 'hidden', f1.wtId)).toMatchObject(invalid); // not f2's friend
    expect(await comment(t, f2, m.id, 'never commented', f2.wtId)).toMatchObject(invalid);
    expect(await comment(t, f1, m.id, 'unknown', 'nobody_zz')).toMatchObject(invalid);
    expect((await interactions(t, a, m.id)).data.commentsList).toHaveLength(2);
  });

  it('a comment is removed by its author or the moment author, nobody else', async () => {
    const [a, f1, f2] = [await userOn(t, 'ra'), await userOn(t, 'rf1'), await userOn(t, 'rf2')];
    await befriend(t, a, f1);
    await befriend(t, a, f2);
    await befriend(t, f1, f2);
    const m = await postMoment(t, a, { content: 'remove rules' });
    const c1 = (await comment(t, f1, m.id, 'one')).data.comment.id;
    const c2 = (await comment(t, f1, m.id, 'two')).data.comment.id;
    const remove = (u: typeof a, id: number) => post(t, u, '/friendsCircleComments/remove', { id });
    expect(await remove(f2, c1)).toMatchObject({
      code: 23106,
      msg: '只能删除自己的评论或自己动态下的评论',
    });
    expect(await remove(f1, c1)).toMatchObject({
      code: 200,
      msg: '删除成功',
      data: { id: c1, friendsCircleId: m.id },
    });
    expect(await remove(a, c2)).toMatchObject({ code: 200, data: { commentsList: [] } });
    expect(await remove(a, c2)).toMatchObject({ code: 23104, msg: '该评论不存在或已被删除' });
  });

  it('a removed moment takes its comments; commenting or liking it is refused', async () => {
    const [a, f] = [await userOn(t, 'da'), await userOn(t, 'df')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: 'short-lived' });
    const c = (await comment(t, f, m.id, 'hi')).data.comment.id;
    expect(await post(t, f, '/user/friendsCircle/remove', { id: m.id })).toMatchObject({ code: 23101 });
    expect(await post(t, a, '/user/friendsCircle/remove', { id: m.id })).toMatchObject({
      code: 200,
      msg: '删除成功',
      data: { id: m.id },
    });
    const gone = { code: 23101, msg: '该动态不存在或已被删除' };
    expect(await comment(t, f, m.id, 'late')).toMatchObject(gone);
    expect(await praise(t, f, m.id)).toMatchObject(gone);
    expect(await post(t, f, '/friendsCircleComments/remove', { id: c })).toMatchObject({ code: 23104 });
    expect((await feed(t, f)).rows).toEqual([]);
  });
});

describe('moment notices', () => {
  it('likes, comments and replies notify with a type-2 push; removing them removes the notice', async () => {
    const [a, f1, f2] = [await userOn(t, 'na'), await userOn(t, 'nf1'), await userOn(t, 'nf2')];
    await befriend(t, a, f1);
    await befriend(t, a, f2);
    await befriend(t, f1, f2);
    const m = await postMoment(t, a, { content: 'notify me' });
    const ws = await openSocket(t, a.token);
    const wsF1 = await openSocket(t, f1.token);
    const count = (n: number) => (f: { type: unknown; data: unknown }) =>
      f.type === 2 && (f.data as { count: number }).count === n;
    try {
      await praise(t, f1, m.id);
      await ws.next(count(1));
      await comment(t, f1, m.id, 'nice');
      await ws.next(count(2));
      // f2 replies to f1: f1 gets a reply notice, a a comment notice.
      const r = (await comment(t, f2, m.id, 'agreed', f1.wtId)).data.comment.id;
      await ws.next(count(3));
      await wsF1.next(count(1));
      const list = await notices(t, a);
      expect(list.total).toBe(3);
      expect(list.rows.map((n) => [n.type, n.wtId, n.content, n.isRead])).toEqual([
        [2, f2.wtId, 'agreed', 0],
        [2, f1.wtId, 'nice', 0],
        [1, f1.wtId, '', 0],
      ]);
      expect(list.rows[0]).toMatchObject({ friendsCircleId: m.id, momentContent: 'notify me' });
      expect((await notices(t, f1)).rows).toMatchObject([{ type: 3, wtId: f2.wtId, content: 'agreed' }]);

      await praise(t, f1, m.id); // unlike
      await ws.next(count(2));
      expect(await post(t, f2, '/friendsCircleComments/remove', { id: r })).toMatchObject({ code: 200 });
      await ws.next(count(1));
      await wsF1.next(count(0));
      expect((await notices(t, a)).rows.map((n) => n.content)).toEqual(['nice']);

      expect(await post(t, a, '/friendsCircleNotice/clear', {})).toMatchObject({
        code: 200,
        data: { count: 0 },
      });
      await ws.next(count(0));
      expect((await notices(t, a)).rows).toMatchObject([{ isRead: 1 }]);

      // Own actions notify nobody; removing the moment removes the rest.
      await praise(t, a, m.id);
      await comment(t, f1, m.id, 'again');
      await ws.next(count(1));
      expect(await post(t, a, '/user/friendsCircle/remove', { id: m.id })).toMatchObject({ code: 200 });
      await ws.next(count(0));
      expect(await notices(t, a)).toEqual({ rows: [], total: 0 });
    } finally {
      ws.close();
      wsF1.close();
    }
  });

  it('GET /user/counters carries the unread moments count', async () => {
    const [a, f] = [await userOn(t, 'ka'), await userOn(t, 'kf')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: 'count' });
    await praise(t, f, m.id);
    await comment(t, f, m.id, 'x');
    const counters = await api<{ moments: number }>(t, 'GET', '/user/counters', { token: a.token });
    expect(counters.data.moments).toBe(2);
  });
});
