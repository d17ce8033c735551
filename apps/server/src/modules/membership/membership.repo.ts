import { Repo } from '../../db/repo.js';
import type { Membership } from './membership-rules.js';

/** Membership codes (stored as their hash) and the users' membership columns. */
export class MembershipRepo extends Repo {
  async insertCodes(hashes: string[], level: number, days: number, now: number): Promise<void> {
    for (let i = 0; i < hashes.length; i += 500) {
      await this.db
        .insertInto('member_codes')
        .values(hashes.slice(i, i + 500).map((code_hash) => ({ code_hash, level, days, created_at: now })))
        .execute();
    }
  }

  /** Marks the code redeemed by `userId` if nobody has yet; its level and days, or undefined. */
  claim(hash: string, userId: number, now: number): Promise<{ level: number; days: number } | undefined> {
    return this.db
      .updateTable('member_codes')
      .set({ redeemed_by: userId, redeemed_at: now })
      .where('code_hash', '=', hash)
      .where('redeemed_by', 'is', null)
      .returning(['level', 'days'])
      .executeTakeFirst();
  }

  async exists(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member_codes')
      .select('id')
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setMembership(userId: number, m: Membership, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ vip_type: m.vipType, vip_level: m.vipLevel, vip_until: m.until, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** Users whose membership ended at or before `now` and still show as members. */
  async lapsed(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('vip_until', '>', 0)
      .where('vip_until', '<=', now)
      .orderBy('vip_until')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Ends the user's membership if it has ended by `now` (false: it had not, or was already ended). */
  async lapse(userId: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({ vip_type: 0, vip_level: 0, vip_until: 0, updated_at: now })
      .where('id', '=', userId)
      .where('vip_until', '>', 0)
      .where('vip_until', '<=', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
