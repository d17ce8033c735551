import type { Selectable } from 'kysely';
import { prepared, preparedBy, preparedIn, type PreparedInQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/repo.js';
import { Repo } from '../../db/repo.js';
import type { MomentCommentsTable } from '../../db/schema.js';

export type CommentRow = Selectable<MomentCommentsTable>;
export type LikeRow = { moment_id: number; user_id: number; created_at: number };

/**
 * SQL of likes and comments. Lists are read for a viewer: only rows by the viewer or by the
 * viewer's friends (WeChat's rule: you see the likes and comments of people you know).
 */
export class InteractionRepo extends Repo {
  /** Adds the like, or removes it when there was one. Answers whether the viewer likes it now. */
  async toggleLike(momentId: number, userId: number, now: number): Promise<boolean> {
    if ((await unlikeQ.run(this.db, { momentId, userId })) > 0) return false;
    await likeQ.run(this.db, { momentId, userId, now });
    return true;
  }

  /** Likes on the moments visible to the viewer (own and friends'), oldest first. */
  likesFor(viewerId: number, momentIds: number[]): Promise<LikeRow[]> {
    return likesQ.all(this.db, { viewerId }, momentIds);
  }

  async insertComment(row: Omit<CommentRow, 'id'>): Promise<CommentRow> {
    return this.db.insertInto('moment_comments').values(row).returningAll().executeTakeFirstOrThrow();
  }

  commentById(id: number): Promise<CommentRow | undefined> {
    return commentByIdQ.first(this.db, { id });
  }

  async removeComment(id: number): Promise<void> {
    await this.db.deleteFrom('moment_notices').where('comment_id', '=', id).execute();
    await this.db.deleteFrom('moment_comments').where('id', '=', id).execute();
  }

  /** Comments on the moments visible to the viewer (own and friends'), oldest first. */
  commentsFor(viewerId: number, momentIds: number[]): Promise<CommentRow[]> {
    return commentsQ.all(this.db, { viewerId }, momentIds);
  }

  /**
   * The first `shown` + 1 comments of each moment visible to the viewer, oldest first (one more than
   * shown tells whether more follow).
   */
  firstCommentsFor(viewerId: number, momentIds: number[], shown: number): Promise<CommentRow[]> {
    return firstCommentsQ(shown + 1).all(this.db, { viewerId }, momentIds);
  }

  /** Up to `limit` comments of one moment visible to the viewer after comment `afterId`, oldest first. */
  commentsAfter(viewerId: number, momentId: number, afterId: number, limit: number): Promise<CommentRow[]> {
    return commentsAfterQ(limit).all(this.db, { viewerId, momentId, afterId });
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

// Built once per dialect (db/compiled.ts): a feed page, a like and a comment run these.
const likesQ = preparedIn<{ viewerId: number }, number, LikeRow>((db, p, ids) =>
  db
    .selectFrom('moment_likes as l')
    .leftJoin('friendships as f', (j) =>
      j.onRef('f.friend_id', '=', 'l.user_id').on('f.owner_id', '=', p('viewerId')),
    )
    .select(['l.moment_id', 'l.user_id', 'l.created_at'])
    .where('l.moment_id', 'in', ids)
    .where((eb) => eb.or([eb('l.user_id', '=', p('viewerId')), eb('f.id', 'is not', null)]))
    .orderBy('l.moment_id')
    .orderBy('l.created_at')
    .orderBy('l.user_id'),
);

const commentsQ = preparedIn<{ viewerId: number }, number, CommentRow>((db, p, ids) =>
  db
    .selectFrom('moment_comments as c')
    .leftJoin('friendships as f', (j) =>
      j.onRef('f.friend_id', '=', 'c.author_id').on('f.owner_id', '=', p('viewerId')),
    )
    .selectAll('c')
    .where('c.moment_id', 'in', ids)
    .where((eb) => eb.or([eb('c.author_id', '=', p('viewerId')), eb('f.id', 'is not', null)]))
    .orderBy('c.moment_id')
    .orderBy('c.id'),
);

const commentByIdQ = prepared<{ id: number }, CommentRow>((db, p) =>
  db.selectFrom('moment_comments').selectAll().where('id', '=', p('id')),
);

const unlikeQ = prepared<{ momentId: number; userId: number }, never>((db, p) =>
  db.deleteFrom('moment_likes').where('moment_id', '=', p('momentId')).where('user_id', '=', p('userId')),
);

const likeQ = prepared<{ momentId: number; userId: number; now: number }, never>((db, p) =>
  db
    .insertInto('moment_likes')
    .values({ moment_id: p('momentId'), user_id: p('userId'), created_at: p('now') }),
);

/** Comments of the moments that the viewer may see: their own and their friends'. */
const visibleComments = (db: Executor, viewerId: number) =>
  db
    .selectFrom('moment_comments as c')
    .leftJoin('friendships as f', (j) =>
      j.onRef('f.friend_id', '=', 'c.author_id').on('f.owner_id', '=', viewerId),
    )
    .where((eb) => eb.or([eb('c.author_id', '=', viewerId), eb('f.id', 'is not', null)]));

/** The first `perMoment` visible comments of each moment, one statement per `perMoment`. */
const firstComments = new Map<number, PreparedInQuery<{ viewerId: number }, number, CommentRow>>();
function firstCommentsQ(perMoment: number) {
  let q = firstComments.get(perMoment);
  if (!q) {
    q = buildFirstComments(perMoment);
    firstComments.set(perMoment, q);
  }
  return q;
}
function buildFirstComments(perMoment: number) {
  return preparedIn<{ viewerId: number }, number, CommentRow>((db, p, ids) =>
    db
      .selectFrom(
        visibleComments(db, p('viewerId'))
          .selectAll('c')
          .select((eb) =>
            eb.fn
              .agg<number>('row_number')
              .over((o) => o.partitionBy('c.moment_id').orderBy('c.id'))
              .as('rn'),
          )
          .where('c.moment_id', 'in', ids)
          .as('t'),
      )
      .selectAll('t')
      .where('t.rn', '<=', perMoment)
      .orderBy('t.moment_id')
      .orderBy('t.id'),
  );
}

const commentsAfterQ = preparedBy<
  number,
  { viewerId: number; momentId: number; afterId: number },
  CommentRow
>((limit, db, p) =>
  visibleComments(db, p('viewerId'))
    .selectAll('c')
    .where('c.moment_id', '=', p('momentId'))
    .where('c.id', '>', p('afterId'))
    .orderBy('c.id')
    .limit(limit),
);
