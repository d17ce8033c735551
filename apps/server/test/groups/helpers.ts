import type { GroupInfo } from '@parley/protocol';
import type { TestServer, TestUser } from '../helpers.js';
import { apply, newUser, post } from '../friends/helpers.js';

export { newUser, post };

/**
 * Makes `owner` a friend of each of `users` it is not a friend of yet (apply + accept), so naming them
 * in a group creation or invitation adds them at once instead of inviting them (consent).
 */
export async function befriendAll(t: TestServer, owner: TestUser, users: TestUser[]): Promise<void> {
  for (const u of users) {
    const sent = await apply(t, owner, u);
    if (sent.code === 21003) continue;
    if (sent.code !== 200) throw new Error(`apply failed: ${sent.code} ${sent.msg}`);
    const ok = await post(t, u, '/userFriends/apply/handle', { applyWtId: owner.wtId, handleStatus: 1 });
    if (ok.code !== 200) throw new Error(`accept failed: ${ok.code} ${ok.msg}`);
  }
}

/** Creates a group as `owner` with `members` (made its friends first) and returns it (throws unless 200). */
export async function createGroup(
  t: TestServer,
  owner: TestUser,
  members: TestUser[],
  extra: Record<string, unknown> = {},
): Promise<GroupInfo> {
  await befriendAll(t, owner, members);
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
