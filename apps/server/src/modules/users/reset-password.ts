import { randomBytes } from 'node:crypto';
import { Errors } from '@parley/protocol';
import type { PasswordCost } from '../../config.js';
import { hashPassword } from '../auth/password.js';
import type { SessionRepo } from '../auth/session.repo.js';
import type { UserRepo } from './user.repo.js';

/**
 * An operator's password reset: a new random password (returned once; only its hash is stored)
 * and every session of the user ended (11016). The CLI's `user reset-password` and the admin
 * console both use it.
 */
export async function resetPassword(
  users: UserRepo,
  sessions: SessionRepo,
  userId: number,
  cost: PasswordCost,
  now: number,
): Promise<{ password: string; sessionsEnded: number }> {
  const password = randomBytes(12).toString('base64url');
  await users.update(userId, { pwd_hash: await hashPassword(password, cost), updated_at: now });
  const ended = await sessions.revokeTokens({ userId }, Errors.forcedLogout.code, now);
  return { password, sessionsEnded: ended.length };
}
