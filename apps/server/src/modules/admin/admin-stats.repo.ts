import { sql } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { UserRow } from '../users/user.repo.js';

const countOf = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

/** SQL of the admin console's overview counts and account search. */
export class AdminStatsRepo extends Repo {
  async usersTotal(): Promise<number> {
    return countOf(
      await this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    );
  }

  /** Messages sent since `since` (unix ms), and how many distinct users sent them. */
  async messagesSince(since: number): Promise<{ messages: number; senders: number }> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('sender_id').distinct().as('senders'),
      ])
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return { messages: countOf(row), senders: Number(row?.senders ?? 0) };
  }

  private matching(keyword: string) {
    const lower = keyword.toLowerCase();
    const pattern = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('users')
      .where((eb) =>
        eb.or([
          eb('wt_id', '=', lower),
          eb('phone', '=', keyword),
          sql<boolean>`lower(${sql.ref('nick_name')}) LIKE ${pattern} ESCAPE '\\'`,
        ]),
      );
  }

  /** Accounts whose wtId or phone is the keyword, or whose nickname contains it; newest first. */
  search(keyword: string, offset: number, limit: number): Promise<UserRow[]> {
    return this.matching(keyword).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  async searchCount(keyword: string): Promise<number> {
    return countOf(
      await this.matching(keyword)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    );
  }

  /** One account's counts: sessions open at `now`, groups it is in, reports against it. */
  async accountCounts(userId: number, now: number) {
    const [sessions, groups, reports] = await Promise.all([
      this.db
        .selectFrom('auth_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
      this.db
        .selectFrom('group_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('target_type', '=', 0)
        .where('target_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { sessions: countOf(sessions), groups: countOf(groups), reportsAgainst: countOf(reports) };
  }
}
