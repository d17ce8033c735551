import { prepared, preparedIn } from '../../db/compiled.js';
import { first, type Steps } from '../../db/steps.js';
import { Repo } from '../../db/repo.js';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { FriendshipsTable } from '../../db/schema.js';
import { containsInsensitive } from '../../db/contains.js';

export type FriendshipRow = Selectable<FriendshipsTable>;

// Asked on every send (db/compiled.ts); the send thread keeps its rows (db/stable-reads.ts).
const friendshipOf = prepared<{ ownerId: number; friendId: number }, FriendshipRow>(
  (db, p) =>
    db
      .selectFrom('friendships')
      .selectAll()
      .where('owner_id', '=', p('ownerId'))
      .where('friend_id', '=', p('friendId')),
  { stable: true },
);

/**
 * One side of a friendship as it starts (accepting an application; tests and benches that set up
 * friends directly): no remark, both moments permissions open.
 */
export function newFriendshipRow(f: {
  ownerId: number;
  friendId: number;
  applySource: number;
  now: number;
}): Insertable<FriendshipsTable> {
  return {
    owner_id: f.ownerId,
    friend_id: f.friendId,
    remark: '',
    friends_space_status: 0,
    mine_space_status: 0,
    apply_source: f.applySource,
    created_at: f.now,
    updated_at: f.now,
  };
}

/** `FriendshipRepo.get` as a step function (db/steps.ts). */
export const friendshipSteps = (ownerId: number, friendId: number): Steps<FriendshipRow | undefined> =>
  first(friendshipOf, { ownerId, friendId });

/** A friendship row of the owner joined with the friend's public profile. */
export interface FriendRow extends FriendshipRow {
  wt_id: string;
  nick_name: string;
  avatar: string;
  bio: string;
  user_status: number;
  is_official: number;
}

/** SQL for the two directed rows of each friendship. */
// Every conversation list and sync page asks (db/compiled.ts).
const remarksOf = preparedIn<{ ownerId: number }, number, { friend_id: number; remark: string }>(
  (db, p, ids) =>
    db
      .selectFrom('friendships')
      .select(['friend_id', 'remark'])
      .where('owner_id', '=', p('ownerId'))
      .where('friend_id', 'in', ids),
);

export class FriendshipRepo extends Repo {
  /** The owner's remarks of those of `friendIds` who are their friends, by friend id. */
  async remarksOf(ownerId: number, friendIds: number[]): Promise<Map<number, string>> {
    const rows = await remarksOf.all(this.db, { ownerId }, friendIds);
    return new Map(rows.map((r) => [Number(r.friend_id), r.remark]));
  }

  get(ownerId: number, friendId: number): Promise<FriendshipRow | undefined> {
    return friendshipOf.first(this.db, { ownerId, friendId });
  }

  async count(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('friendships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private joined() {
    return this.db
      .selectFrom('friendships as f')
      .innerJoin('users as u', 'u.id', 'f.friend_id')
      .selectAll('f')
      .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'u.bio', 'u.status as user_status', 'u.is_official']);
  }

  /** One friend of the owner with the friend's profile. */
  row(ownerId: number, friendId: number): Promise<FriendRow | undefined> {
    return this.joined()
      .where('f.owner_id', '=', ownerId)
      .where('f.friend_id', '=', friendId)
      .executeTakeFirst();
  }

  /** A page of the owner's friends (oldest friendship first), optionally filtered by remark, nick or wtId. */
  async page(
    ownerId: number,
    opts: { offset: number; limit: number; keyword?: string },
  ): Promise<{ rows: FriendRow[]; total: number }> {
    let q = this.joined().where('f.owner_id', '=', ownerId);
    const kw = opts.keyword?.trim();
    if (kw) {
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(eb.ref('f.remark'), kw),
          containsInsensitive(eb.ref('u.nick_name'), kw),
          containsInsensitive(eb.ref('u.wt_id'), kw),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      q.orderBy('f.id', 'asc').limit(opts.limit).offset(opts.offset).execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Of `friendIds`, those that are friends of the owner. */
  async friendIdsAmong(ownerId: number, friendIds: number[]): Promise<Set<number>> {
    if (friendIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('owner_id', '=', ownerId)
      .where('friend_id', 'in', friendIds)
      .execute();
    return new Set(rows.map((r) => Number(r.friend_id)));
  }

  async update(ownerId: number, friendId: number, patch: Updateable<FriendshipsTable>): Promise<boolean> {
    const res = await this.db
      .updateTable('friendships')
      .set(patch)
      .where('owner_id', '=', ownerId)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Ends the friendship on both sides: both rows go, and so do both owners' tag memberships of
   * each other. Answers how many rows existed (0 when already gone).
   */
  async deletePair(a: number, b: number): Promise<number> {
    return this.atomic(async (trx) => {
      const res = await trx
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('owner_id', '=', a), eb('friend_id', '=', b)]),
            eb.and([eb('owner_id', '=', b), eb('friend_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      await trx
        .deleteFrom('tag_members')
        .where((eb) =>
          eb.or([
            eb.and([eb('owner_id', '=', a), eb('friend_id', '=', b)]),
            eb.and([eb('owner_id', '=', b), eb('friend_id', '=', a)]),
          ]),
        )
        .execute();
      return Number(res.numDeletedRows);
    });
  }
}
