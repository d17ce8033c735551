import type { Moment, MomentInteractions, MomentNotice, MomentPage } from '@parley/protocol';
import type { TestServer, TestUser } from '../helpers.js';
import { post } from '../messaging/helpers.js';
import { PNG, upload } from '../uploads/fixtures.js';

export { befriend, post, userOn } from '../messaging/helpers.js';

/** Posts a moment and waits until its fan-out delivered it to every friend; throws unless it was stored. */
export async function postMoment(t: TestServer, u: TestUser, body: Record<string, unknown>): Promise<Moment> {
  const res = await post<Moment>(t, u, '/user/friendsCircle/add', body);
  if (res.code !== 200) throw new Error(`post failed: ${res.code} ${res.msg}`);
  await t.server.modules.moments.fanout.settled();
  return res.data;
}

export async function feed(
  t: TestServer,
  u: TestUser,
  body: Record<string, unknown> = {},
): Promise<MomentPage> {
  const res = await post<MomentPage>(t, u, '/user/friendsCircle/list', body);
  if (res.code !== 200) throw new Error(`feed failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Ids in the viewer's first feed page. */
export async function feedIds(t: TestServer, u: TestUser): Promise<number[]> {
  return (await feed(t, u, { pageSize: 20 })).rows.map((m) => m.id);
}

export async function albumIds(t: TestServer, viewer: TestUser, author: TestUser): Promise<number[]> {
  const res = await post<MomentPage>(t, viewer, '/user/friendsCircle/listByUser', {
    wtId: author.wtId,
    pageSize: 20,
  });
  if (res.code !== 200) throw new Error(`album failed: ${res.code} ${res.msg}`);
  return res.data.rows.map((m) => m.id);
}

export const detail = (t: TestServer, u: TestUser, id: number) =>
  post<Moment>(t, u, '/user/friendsCircle/getInfoById', { id });

export const praise = (t: TestServer, u: TestUser, id: number) =>
  post<{ id: number; minePraiseStatus: number; praiseList: { wtId: string }[] }>(
    t,
    u,
    '/friendsCirclePraise/praiseAction',
    { friendsCircleId: id },
  );

export const comment = (t: TestServer, u: TestUser, id: number, content: string, replyToWtId?: string) =>
  post<{
    id: number;
    comment: { id: number; replyToWtId: string };
    commentsList: { id: number; wtId: string }[];
  }>(t, u, '/friendsCircleComments/add', {
    friendsCircleId: id,
    content,
    ...(replyToWtId ? { replyToWtId } : {}),
  });

export const interactions = (t: TestServer, u: TestUser, id: number) =>
  post<MomentInteractions>(t, u, '/friendsCircleComments/commentsAndPraiseList', { id });

export async function notices(t: TestServer, u: TestUser): Promise<{ rows: MomentNotice[]; total: number }> {
  const res = await post<{ rows: MomentNotice[]; total: number }>(
    t,
    u,
    '/friendsCircleNotice/listByPage',
    {},
  );
  if (res.code !== 200) throw new Error(`notices failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** An uploaded PNG's URL, owned by `u`. */
export async function image(t: TestServer, u: TestUser): Promise<string> {
  const res = await upload(t, u.token, { bytes: PNG, name: 'p.png', type: 'image/png' });
  if (res.code !== 200 || !res.data) throw new Error(`upload failed: ${res.code} ${res.msg}`);
  return res.data.url;
}

/** Sets an account's status as an operator would (1 cancelled). */
export async function setStatus(t: TestServer, u: TestUser, status: number): Promise<void> {
  await t.server.ctx.db.updateTable('users').set({ status }).where('wt_id', '=', u.wtId).execute();
}

/** Creates a tag of `owner` holding `members` and answers its id. */
export async function tag(
  t: TestServer,
  owner: TestUser,
  name: string,
  members: TestUser[],
): Promise<number> {
  const res = await post<{ id: number }>(t, owner, '/userTag/add', {
    tagName: name,
    wtIds: members.map((m) => m.wtId),
  });
  if (res.code !== 200) throw new Error(`tag failed: ${res.code} ${res.msg}`);
  return res.data.id;
}
