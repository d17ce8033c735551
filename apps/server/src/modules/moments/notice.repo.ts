import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { MomentNoticesTable } from '../../db/schema.js';

export type NoticeRow = Selectable<MomentNoticesTable>;

/** SQL of moment notices (likes, comments and replies addressed to a user). */
export class NoticeRepo extends Repo {
  async insert(rows: Omit<NoticeRow, 'id' | 'is_read'>[]): Promise<void> {
    if (rows.length) await this.db.insertInto('moment_notices').values(rows).execute();
  }

  /** Removes the notice of a like; answers who received it. */
  async removeForLike(momentId: number, actorId: number): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('moment_notices')
      .where('moment_id', '=', momentId)
      .where('actor_id', '=', actorId)
      .where('kind', '=', 1)
      .returning('user_id')
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** Who holds notices of the comment (they lose them when it is removed). */
  async recipientsOfComment(commentId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('moment_notices')
      .select('user_id')
      .where('comment_id', '=', commentId)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** Who holds notices of the moment. */
  async recipientsOfMoment(momentId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('moment_notices')
      .select('user_id')
      .distinct()
      .where('moment_id', '=', momentId)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('moment_notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of the user's notices, newest first, with the total. */
  async page(
    userId: number,
    o: { offset: number; limit: number },
  ): Promise<{ rows: NoticeRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('moment_notices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(o.limit)
      .offset(o.offset)
      .execute();
    const count = await this.db
      .selectFrom('moment_notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  async markAllRead(userId: number): Promise<void> {
    await this.db
      .updateTable('moment_notices')
      .set({ is_read: 1 })
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .execute();
  }

  /** The moments' text and first image (the notices' previews). */
  async previews(momentIds: number[]): Promise<Map<number, { content: string; media: string }>> {
    if (momentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('moments')
      .select(['id', 'content', 'media'])
      .where('id', 'in', [...new Set(momentIds)])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), { content: r.content, media: r.media }]));
  }

  /** Texts of comments by id (the notices of comments and replies). */
  async commentTexts(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('moment_comments')
      .select(['id', 'content'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.content]));
  }
}
