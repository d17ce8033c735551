import type { GroupInfo } from '@parley/protocol';
import type { TestServer, TestUser } from '../helpers.js';
import { newUser, post } from '../friends/helpers.js';

export { newUser, post };

/** Creates a group as `owner` with `members` and returns it (throws unless 200). */
export async function createGroup(
  t: TestServer,
  owner: TestUser,
  members: TestUser[],
  extra: Record<string, unknown> = {},
): Promise<GroupInfo> {
  const res = await post<GroupInfo>(t, owner, '/user/groupchat/add', {
    groupName: '测试群',
    wtIds: members.map((m) => m.wtId),
    ...extra,
  });
  if (res.code !== 200) throw new Error(`create failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Calls and throws unless the answer is 200. */
export async function must<T = unknown>(
  t: TestServer,
  user: TestUser,
  url: string,
  body: unknown,
): Promise<T> {
  const res = await post<T>(t, user, url, body);
  if (res.code !== 200) throw new Error(`${url} failed: ${res.code} ${res.msg}`);
  return res.data;
}

/** Sets a user's level (vip_level), which the join level limit compares. */
export async function setLevel(t: TestServer, user: TestUser, level: number) {
  await t.server.ctx.db
    .updateTable('users')
    .set({ vip_level: level })
    .where('wt_id', '=', user.wtId)
    .execute();
}
