import type { UserRepo } from './user.repo.js';

/**
 * An operator's send ban (docs/api.md "Sending"): until `until` (unix ms) the user's messages, one-to-one
 * and group, answer 20012; 0 lifts it. The user can still log in and read. False when no user has
 * the ID.
 */
export async function setSendBan(
  users: UserRepo,
  wtId: string,
  until: number,
  now: number,
): Promise<boolean> {
  const user = await users.byWtId(wtId);
  if (!user) return false;
  await users.update(user.id, { send_banned_until: until, updated_at: now });
  return true;
}
