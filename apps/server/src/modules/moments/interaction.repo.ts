import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { MomentCommentsTable } from '../../db/schema.js';

export type CommentRow = Selectable<MomentCommentsTable>;

/**
 * SQL of likes and comments. Lists are read for a viewer: only rows by the viewer or by the
 * viewer's friends (WeChat's rule: you see the likes and comments of people you know).
 */
export class InteractionRepo extends Repo {
  /** Adds the like, or removes it when there was one. Answers whether the viewer likes it now. */
  async toggleLike(momentId: number, userId: number, now: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('moment_likes')
      .where('moment_id', '=', momentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    await this.db
      .insertInto('moment_likes')
      .values({ moment_id: momentId, user_id: userId, created_at: now })
      .execute();
    return true;
  }

  /** Likes on the moments visible to the viewer (own and friends'), oldest first. */
  likesFor(viewerId: number, momentIds: number[]) {
    if (momentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('moment_likes as l')
      .leftJoin('friendships as f', (j) =>
        j.onRef('f.friend_id', '=', 'l.user_id').on('f.owner_id', '=', viewerId),
      )
      .select(['l.moment_id', 'l.user_id', 'l.created_at'])
      .where('l.moment_id', 'in', momentIds)
      .where((eb) => eb.or([eb('l.user_id', '=', viewerId), eb('f.id', 'is not', null)]))
      .orderBy('l.moment_id')
      .orderBy('l.created_at')
      .orderBy('l.user_id')
      .execute();
  }

  async insertComment(row: Omit<CommentRow, 'id'>): Promise<CommentRow> {
    return this.db.insertInto('moment_comments').values(row).returningAll().executeTakeFirstOrThrow();
  }

  commentById(id: number): Promise<CommentRow | undefined> {
    return this.db.selectFrom('moment_comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async removeComment(id: number): Promise<void> {
    await this.db.deleteFrom('moment_notices').where('comment_id', '=', id).execute();
    await this.db.deleteFrom('moment_comments').where('id', '=', id).execute();
  }

  /** Comments on the moments visible to the viewer (own and friends'), oldest first. */
  commentsFor(viewerId: number, momentIds: number[]): Promise<CommentRow[]> {
    if (momentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('moment_comments as c')
      .leftJoin('friendships as f', (j) =>
        j.onRef('f.friend_id', '=', 'c.author_id').on('f.owner_id', '=', viewerId),
      )
      .selectAll('c')
      .where('c.moment_id', 'in', momentIds)
      .where((eb) => eb.or([eb('c.author_id', '=', viewerId), eb('f.id', 'is not', null)]))
      .orderBy('c.moment_id')
      .orderBy('c.id')
      .execute();
  }

  /** Whether `userId` commented on the moment. */
  async hasCommented(momentId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('moment_comments')
      .select('id')
      .where('moment_id', '=', momentId)
      .where('author_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
