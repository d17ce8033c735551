import { ownedRows } from '../../db/owned-rows.repo.js';
import { Repo } from '../../db/repo.js';
import type { Selectable } from 'kysely';
import type { TagsTable } from '../../db/schema.js';
import type { FriendRow } from './friendship.repo.js';

export type TagRow = Selectable<TagsTable>;
export interface TagWithCount extends TagRow {
  user_count: number;
}

/** SQL for tags and tag members. Every query is scoped by the owner, so no tag of another user is reachable. */
export class TagRepo extends Repo {
  /** All the owner's tags (bounded by TagLimits.maxTags) with member counts, oldest first. */
  async list(ownerId: number): Promise<TagWithCount[]> {
    const rows = await this.db
      .selectFrom('tags as t')
      .leftJoin('tag_members as m', 'm.tag_id', 't.id')
      .selectAll('t')
      .select((eb) => eb.fn.count<number>('m.friend_id').as('user_count'))
      .where('t.owner_id', '=', ownerId)
      .groupBy(['t.id', 't.owner_id', 't.name', 't.created_at', 't.updated_at'])
      .orderBy('t.id', 'asc')
      .execute();
    return rows.map((r) => ({ ...r, user_count: Number(r.user_count) }));
  }

  owned(ownerId: number, id: number): Promise<TagRow | undefined> {
    return this.db
      .selectFrom('tags')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  ownedIds(ownerId: number, ids: number[]): Promise<Set<number>> {
    return ownedRows.ids(this.db, 'tags', ownerId, ids);
  }

  byName(ownerId: number, name: string): Promise<TagRow | undefined> {
    return this.db
      .selectFrom('tags')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  count(ownerId: number): Promise<number> {
    return ownedRows.count(this.db, 'tags', ownerId);
  }

  /** Creates a tag with optional initial members (already checked to be the owner's friends). */
  async insert(ownerId: number, name: string, memberIds: number[], now: number): Promise<TagRow> {
    return this.atomic(async (trx) => {
      const tag = await trx
        .insertInto('tags')
        .values({ owner_id: ownerId, name, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (memberIds.length > 0) {
        await trx
          .insertInto('tag_members')
          .values(
            memberIds.map((friendId) => ({
              tag_id: tag.id,
              owner_id: ownerId,
              friend_id: friendId,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['tag_id', 'friend_id']).doNothing())
          .execute();
      }
      return tag;
    });
  }

  rename(ownerId: number, id: number, name: string, now: number): Promise<void> {
    return ownedRows.update(this.db, 'tags', ownerId, id, { name }, now);
  }

  /** Deletes the owner's tags among `ids` (members first); answers how many went. */
  async deleteMany(ownerId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.atomic((trx) => ownedRows.deleteWithChildren(trx, 'tags', ownerId, ids));
  }

  async addMembers(ownerId: number, tagId: number, friendIds: number[], now: number): Promise<void> {
    if (friendIds.length === 0) return;
    await this.db
      .insertInto('tag_members')
      .values(
        friendIds.map((friendId) => ({
          tag_id: tagId,
          owner_id: ownerId,
          friend_id: friendId,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['tag_id', 'friend_id']).doNothing())
      .execute();
  }

  async removeMembers(ownerId: number, tagId: number, friendIds: number[]): Promise<void> {
    if (friendIds.length === 0) return;
    await this.db
      .deleteFrom('tag_members')
      .where('owner_id', '=', ownerId)
      .where('tag_id', '=', tagId)
      .where('friend_id', 'in', friendIds)
      .execute();
  }

  /** Members of one of the owner's tags, with the owner's friendship row and the member's profile. */
  async members(
    ownerId: number,
    tagId: number,
    opts: { offset: number; limit: number },
  ): Promise<{ rows: FriendRow[]; total: number }> {
    const base = this.db
      .selectFrom('tag_members as m')
      .innerJoin('friendships as f', (j) =>
        j.onRef('f.owner_id', '=', 'm.owner_id').onRef('f.friend_id', '=', 'm.friend_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.friend_id')
      .where('m.owner_id', '=', ownerId)
      .where('m.tag_id', '=', tagId);
    const [rows, total] = await Promise.all([
      base
        .selectAll('f')
        .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'u.bio', 'u.status as user_status', 'u.is_official'])
        .orderBy('m.created_at', 'asc')
        .orderBy('m.friend_id', 'asc')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Tags (id, name) the owner gave each of `friendIds`, by friend id. */
  async tagsOf(
    ownerId: number,
    friendIds: number[],
  ): Promise<Map<number, Array<{ id: number; name: string }>>> {
    const out = new Map<number, Array<{ id: number; name: string }>>();
    if (friendIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('tag_members as m')
      .innerJoin('tags as t', 't.id', 'm.tag_id')
      .select(['m.friend_id', 't.id', 't.name'])
      .where('m.owner_id', '=', ownerId)
      .where('m.friend_id', 'in', friendIds)
      .orderBy('t.id', 'asc')
      .execute();
    for (const r of rows) {
      const key = Number(r.friend_id);
      const list = out.get(key) ?? [];
      list.push({ id: Number(r.id), name: r.name });
      out.set(key, list);
    }
    return out;
  }

  /** Replaces the tags the owner gave one friend with `tagIds` (already checked to be the owner's). */
  async setTagsOf(ownerId: number, friendId: number, tagIds: number[], now: number): Promise<void> {
    await this.atomic(async (trx) => {
      await trx
        .deleteFrom('tag_members')
        .where('owner_id', '=', ownerId)
        .where('friend_id', '=', friendId)
        .execute();
      if (tagIds.length > 0) {
        await trx
          .insertInto('tag_members')
          .values(
            tagIds.map((tagId) => ({
              tag_id: tagId,
              owner_id: ownerId,
              friend_id: friendId,
              created_at: now,
            })),
          )
          .execute();
      }
    });
  }
}
