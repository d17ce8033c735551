import type { Selectable } from 'kysely';
import { prepared, preparedBy, preparedIn } from '../../db/compiled.js';
import { Repo, type Executor } from '../../db/repo.js';
import type { MomentsTable } from '../../db/schema.js';

export type MomentRow = Selectable<MomentsTable>;

/** A person as one viewer names them (their remark for the viewer, else their nickname). */
export interface PersonRow {
  id: number;
  wtId: string;
  nickName: string;
  avatar: string;
}

/** The relation facts between a viewer and an author (policies/moments.policy.ts). */
export interface RelationFacts {
  authorStatus: number;
  viewerSide: { friendsSpaceStatus: number } | undefined;
  authorSide: { mineSpaceStatus: number } | undefined;
  blocked: boolean;
}

/** SQL of moments, their inbox (who each was addressed to) and the facts the visibility rule reads. */
export class MomentRepo extends Repo {
  async insert(row: Omit<MomentRow, 'id'>): Promise<MomentRow> {
    return this.db.insertInto('moments').values(row).returningAll().executeTakeFirstOrThrow();
  }

  byId(id: number): Promise<MomentRow | undefined> {
    return momentById.first(this.db, { id });
  }

  async isAddressed(viewerId: number, momentId: number): Promise<boolean> {
    return (await addressedQ.first(this.db, { viewerId, momentId })) !== undefined;
  }

  /** Friends of the owner in any of the owner's tags. */
  async taggedFriendIds(ownerId: number, tagIds: number[]): Promise<Set<number>> {
    if (tagIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('tag_members')
      .select('friend_id')
      .where('owner_id', '=', ownerId)
      .where('tag_id', 'in', tagIds)
      .execute();
    return new Set(rows.map((r) => Number(r.friend_id)));
  }

  /** The owner's tags among `ids` (id and name; others' tags are left out). */
  async ownTags(ownerId: number, ids: number[]): Promise<{ id: number; tagName: string }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), tagName: r.name }));
  }

  /** The relation facts between viewer and author, in one statement. */
  async relation(viewerId: number, authorId: number): Promise<RelationFacts | undefined> {
    const row = await relationQ.first(this.db, { viewerId, authorId });
    if (!row) return undefined;
    return {
      authorStatus: Number(row.status),
      viewerSide: row.vs_id == null ? undefined : { friendsSpaceStatus: Number(row.vss) },
      authorSide: row.as_id == null ? undefined : { mineSpaceStatus: Number(row.ams) },
      blocked: Boolean(Number(row.blocked)),
    };
  }

  /**
   * A feed page: the moments addressed to the viewer, newest first, that the relation still lets
   * them see (the author is the viewer, or active, a friend both ways with both space switches
   * open and no blacklist either way). One range of the inbox's primary key; each row checked with
   * a few primary-key lookups, so a page costs the same however many moments exist.
   */
  feedPage(viewerId: number, o: { beforeId?: number; offset: number; limit: number }): Promise<MomentRow[]> {
    const key = `${o.limit}:${o.beforeId === undefined ? 0 : 1}:${o.offset > 0 ? 1 : 0}`;
    return feedPageQ(key).all(this.db, { viewerId, beforeId: o.beforeId ?? 0, offset: o.offset });
  }

  /** The feed page's statement with its values written in (the bench prints its plan). */
  feedQuery(viewerId: number, o: { beforeId?: number; offset: number; limit: number }) {
    return feedSelect(this.db, viewerId, o.limit, o.beforeId, o.offset > 0 ? o.offset : undefined);
  }

  /**
   * An album page: the author's moments, newest first; for someone else only those visible to all
   * friends or addressed to them (the relation is checked before, once for the author).
   */
  async albumPage(
    authorId: number,
    viewerId: number,
    o: { beforeId?: number; offset: number; limit: number },
  ): Promise<MomentRow[]> {
    let q = this.db.selectFrom('moments as m').selectAll('m').where('m.author_id', '=', authorId);
    if (authorId !== viewerId)
      q = q.where((eb) =>
        eb.or([
          eb('m.visibility', '=', 0),
          eb.and([
            eb('m.visibility', 'in', [2, 3]),
            eb.exists(
              eb
                .selectFrom('moment_inbox as i')
                .select('i.moment_id')
                .where('i.viewer_id', '=', viewerId)
                .whereRef('i.moment_id', '=', 'm.id'),
            ),
          ]),
        ]),
      );
    if (o.beforeId !== undefined) q = q.where('m.id', '<', o.beforeId);
    q = q.orderBy('m.id', 'desc').limit(o.limit);
    if (o.offset > 0) q = q.offset(o.offset);
    return q.execute();
  }

  /** Those of `ids` the viewer blacklisted or who blacklisted the viewer. */
  async blockedEitherWay(viewerId: number, ids: number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)].filter((id) => id !== viewerId);
    if (unique.length === 0) return new Set();
    const rows = await blockedQ.all(this.db, { viewerId }, unique);
    return new Set(
      rows.map((r) => (Number(r.owner_id) === viewerId ? Number(r.target_id) : Number(r.owner_id))),
    );
  }

  /** Users as the viewer names them: remark (when the viewer has one) or nickname. */
  async people(viewerId: number, ids: number[]): Promise<Map<number, PersonRow>> {
    if (ids.length === 0) return new Map();
    const rows = await peopleQ.all(this.db, { viewerId }, ids);
    return new Map(
      rows.map((r) => {
        const gone = Number(r.status) !== 0;
        const person: PersonRow = {
          id: Number(r.id),
          wtId: r.wt_id,
          nickName: r.remark || (gone ? '' : r.nick_name),
          avatar: gone ? '' : r.avatar,
        };
        return [person.id, person];
      }),
    );
  }

  /** Deletes a moment with its inbox rows; likes, comments and notices go with it (foreign keys). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('moment_notices').where('moment_id', '=', id).execute();
    await this.db.deleteFrom('moment_comments').where('moment_id', '=', id).execute();
    await this.db.deleteFrom('moment_likes').where('moment_id', '=', id).execute();
    await this.db.deleteFrom('moment_inbox').where('moment_id', '=', id).execute();
    await this.db.deleteFrom('moments').where('id', '=', id).execute();
  }
}

// The statements of the feed and of every like, comment and detail, built once per dialect
// (db/compiled.ts): Kysely building and compiling them on each call was the largest share of the
// server's CPU per request in the moments bench after SQLite itself.
const momentById = prepared<{ id: number }, MomentRow>((db, p) =>
  db.selectFrom('moments').selectAll().where('id', '=', p('id')),
);

const addressedQ = prepared<{ viewerId: number; momentId: number }, { moment_id: number }>((db, p) =>
  db
    .selectFrom('moment_inbox')
    .select('moment_id')
    .where('viewer_id', '=', p('viewerId'))
    .where('moment_id', '=', p('momentId')),
);

const relationQ = prepared<
  { viewerId: number; authorId: number },
  {
    status: number;
    vss: number | null;
    vs_id: number | null;
    ams: number | null;
    as_id: number | null;
    blocked: number;
  }
>((db, p) =>
  db
    .selectFrom('users as u')
    .leftJoin('friendships as vs', (j) =>
      j.onRef('vs.friend_id', '=', 'u.id').on('vs.owner_id', '=', p('viewerId')),
    )
    .leftJoin('friendships as as', (j) =>
      j.onRef('as.owner_id', '=', 'u.id').on('as.friend_id', '=', p('viewerId')),
    )
    .select([
      'u.status',
      'vs.friends_space_status as vss',
      'vs.id as vs_id',
      'as.mine_space_status as ams',
      'as.id as as_id',
    ])
    .select((eb) =>
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('blacklist as b')
              .select('b.id')
              .where((w) =>
                w.or([
                  w.and([w('b.owner_id', '=', p('viewerId')), w('b.target_id', '=', p('authorId'))]),
                  w.and([w('b.owner_id', '=', p('authorId')), w('b.target_id', '=', p('viewerId'))]),
                ]),
              ),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('blocked'),
    )
    .where('u.id', '=', p('authorId')),
);

/** The feed page's query; `beforeId` and `offset` are left out when undefined. */
function feedSelect(db: Executor, viewerId: number, limit: number, beforeId?: number, offset?: number) {
  let q = db
    .selectFrom('moment_inbox as i')
    .innerJoin('moments as m', 'm.id', 'i.moment_id')
    .selectAll('m')
    .where('i.viewer_id', '=', viewerId)
    .where((eb) =>
      eb.or([
        eb('m.author_id', '=', viewerId),
        eb.and([
          // A scalar lookup by primary key per row (an EXISTS here became a hashed scan of all
          // users on PostgreSQL, a join a hash join that read the whole inbox).
          eb(eb.selectFrom('users as u').select('u.status').whereRef('u.id', '=', 'm.author_id'), '=', 0),
          eb.exists(
            eb
              .selectFrom('friendships as vs')
              .select('vs.id')
              .where('vs.owner_id', '=', viewerId)
              .whereRef('vs.friend_id', '=', 'm.author_id')
              .where('vs.friends_space_status', '=', 0),
          ),
          eb.exists(
            eb
              .selectFrom('friendships as as')
              .select('as.id')
              .whereRef('as.owner_id', '=', 'm.author_id')
              .where('as.friend_id', '=', viewerId)
              .where('as.mine_space_status', '=', 0),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('blacklist as b1')
                .select('b1.id')
                .where('b1.owner_id', '=', viewerId)
                .whereRef('b1.target_id', '=', 'm.author_id'),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('blacklist as b2')
                .select('b2.id')
                .whereRef('b2.owner_id', '=', 'm.author_id')
                .where('b2.target_id', '=', viewerId),
            ),
          ),
        ]),
      ]),
    );
  if (beforeId !== undefined) q = q.where('i.moment_id', '<', beforeId);
  q = q.orderBy('i.moment_id', 'desc').limit(limit);
  if (offset !== undefined) q = q.offset(offset);
  return q;
}

/** Keyed `limit:hasBefore:hasOffset`. */
const feedPageQ = preparedBy<string, { viewerId: number; beforeId: number; offset: number }, MomentRow>(
  (key, db, p) => {
    const [limit, before, offset] = key.split(':');
    return feedSelect(
      db,
      p('viewerId'),
      Number(limit),
      before === '1' ? p('beforeId') : undefined,
      offset === '1' ? p('offset') : undefined,
    );
  },
);

const blockedQ = preparedIn<{ viewerId: number }, number, { owner_id: number; target_id: number }>(
  (db, p, ids) =>
    db
      .selectFrom('blacklist')
      .select(['owner_id', 'target_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('owner_id', '=', p('viewerId')), eb('target_id', 'in', ids)]),
          eb.and([eb('owner_id', 'in', ids), eb('target_id', '=', p('viewerId'))]),
        ]),
      ),
);

const peopleQ = preparedIn<
  { viewerId: number },
  number,
  { id: number; wt_id: string; nick_name: string; avatar: string; status: number; remark: string | null }
>((db, p, ids) =>
  db
    .selectFrom('users as u')
    .leftJoin('friendships as f', (j) =>
      j.onRef('f.friend_id', '=', 'u.id').on('f.owner_id', '=', p('viewerId')),
    )
    .select(['u.id', 'u.wt_id', 'u.nick_name', 'u.avatar', 'u.status', 'f.remark'])
    .where('u.id', 'in', ids),
);
