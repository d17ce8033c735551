import type { FriendApplication, FriendItem, Page } from '@parley/protocol';
import { api, registerUser, type CallResult, type TestServer, type TestUser } from '../helpers.js';

let seq = 0;
/** A user with a readable, unique wtId (e.g. 'alice_3_1234'). */
export function newUser(t: TestServer, name: string, nickName = name): Promise<TestUser> {
  seq += 1;
  return registerUser(t, { wtId: `${name}_${seq}_${process.pid % 10000}`, nickName });
}

export function post<T = unknown>(
  t: TestServer,
  user: TestUser | undefined,
  url: string,
  body?: unknown,
): Promise<CallResult<T>> {
  return api<T>(t, 'POST', url, { token: user?.token, body: body ?? {} });
}

export async function apply(
  t: TestServer,
  from: TestUser,
  to: TestUser,
  extra: Record<string, unknown> = {},
) {
  return post<FriendApplication>(t, from, '/userFriends/apply', {
    applyWtId: to.wtId,
    applySource: 1,
    ...extra,
  });
}

/** Makes a and b friends through the real apply + accept flow. */
export async function befriend(t: TestServer, a: TestUser, b: TestUser): Promise<void> {
  const sent = await apply(t, a, b);
  if (sent.code !== 200) throw new Error(`apply failed: ${sent.code} ${sent.msg}`);
  const handled = await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 });
  if (handled.code !== 200) throw new Error(`accept failed: ${handled.code} ${handled.msg}`);
}

export async function friendsOf(t: TestServer, user: TestUser): Promise<FriendItem[]> {
  const res = await post<Page<FriendItem>>(t, user, '/userFriends/list', {});
  if (res.code !== 200) throw new Error(`list failed: ${res.code} ${res.msg}`);
  return res.data.rows;
}
