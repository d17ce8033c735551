import { randomBytes } from 'node:crypto';
import { HELPER_WT_ID } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../auth/password.js';
import { newUserRow, type UserRepo } from '../users/user.repo.js';

/** The helper's phone (a number no operator hands out; the seed script uses the same). */
export const HELPER_PHONE = '10000000000';

/**
 * The official helper account's id, created on first need (official, a random password nobody
 * knows: it never logs in). The seed script creates the same account.
 */
export class HelperAccount {
  private id: number | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
  ) {}

  async userId(): Promise<number> {
    if (this.id !== null) return this.id;
    const existing = await this.users.byWtId(HELPER_WT_ID);
    if (existing) return (this.id = Number(existing.id));
    try {
      const row = await this.users.insert(
        newUserRow({
          wtId: HELPER_WT_ID,
          phone: HELPER_PHONE,
          nickName: 'Parley 小助手',
          pwdHash: await hashPassword(randomBytes(24).toString('base64url'), this.ctx.config.passwordCost),
          now: this.ctx.clock.now(),
          bio: '官方助手，解答常见问题',
          isOfficial: 1,
        }),
      );
      return (this.id = Number(row.id));
    } catch (err) {
      // Another node (or request) created it first.
      if (!isUniqueViolation(err)) throw err;
      const row = await this.users.byWtId(HELPER_WT_ID);
      if (!row) throw err;
      return (this.id = Number(row.id));
    }
  }
}
