import type { Selectable } from 'kysely';
import { ownedRows } from '../../db/owned-rows.repo.js';
import { Repo } from '../../db/repo.js';
import type { SessionGroupsTable } from '../../db/schema.js';
import { profileVisible } from '../messaging/core/profile-visibility.js';

export type SessionGroupRow = Selectable<SessionGroupsTable>;

/** An EXISTS column: 0/1 on SQLite, a boolean on PostgreSQL. */
const truthy = (v: unknown) => v === true || Number(v) === 1;

/**
 * A conversation of a tab with what the list shows of it. `visible`: the owner may still see its
 * profile (`profileVisible`: a group they are a member of; a user who does not blacklist them and is
 * their friend or chat partner); otherwise `name` and `avatar` are empty.
 */
export interface RelationRow {
  group_id: number;
  session_type: number;
  relation_id: number;
  /** wtId or group number. */
  ref: string;
  visible: boolean;
  name: string;
  avatar: string;
}

/** A conversation the caller may put in a tab, resolved from its public reference. */
export interface ResolvedRelation {
  sessionType: number;
  relationId: number;
  ref: string;
}

/** SQL for custom conversation tabs. Every query is scoped by the owner. */
export class SessionGroupRepo extends Repo {
  list(ownerId: number): Promise<SessionGroupRow[]> {
    return this.db
      .selectFrom('session_groups')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** The conversations of the owner's tabs (all of them, or `groupId`'s), in their order. */
  async relations(ownerId: number, groupId?: number): Promise<RelationRow[]> {
    let q = this.db
      .selectFrom('session_group_items as i')
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'i.relation_id').on('i.session_type', '=', 0))
      .leftJoin('groups as g', (j) => j.onRef('g.id', '=', 'i.relation_id').on('i.session_type', '=', 1))
      .leftJoin('group_members as gm', (j) =>
        j.onRef('gm.group_id', '=', 'i.relation_id').onRef('gm.user_id', '=', 'i.owner_id'),
      )
      .select((eb) => [
        'i.group_id',
        'i.session_type',
        'i.relation_id',
        'u.wt_id',
        'u.nick_name',
        'u.avatar as user_avatar',
        'g.group_number',
        'g.name as group_name',
        'g.avatar as group_avatar',
        'gm.user_id as member_id',
        eb
          .exists(
            eb
              .selectFrom('blacklist as b')
              .select('b.id')
              .whereRef('b.owner_id', '=', 'i.relation_id')
              .whereRef('b.target_id', '=', 'i.owner_id'),
          )
          .as('blocked_by_peer'),
        eb
          .exists(
            eb
              .selectFrom('friendships as f')
              .select('f.id')
              .whereRef('f.owner_id', '=', 'i.owner_id')
              .whereRef('f.friend_id', '=', 'i.relation_id'),
          )
          .as('is_friend'),
        eb
          .exists(
            eb
              .selectFrom('conversation_members as cm')
              .select('cm.conversation_id')
              .whereRef('cm.user_id', '=', 'i.owner_id')
              .whereRef('cm.peer_id', '=', 'i.relation_id'),
          )
          .as('has_chat'),
      ])
      .where('i.owner_id', '=', ownerId);
    if (groupId !== undefined) q = q.where('i.group_id', '=', groupId);
    const rows = await q.orderBy('i.group_id').orderBy('i.position').execute();
    return rows.flatMap((r) => {
      const c2c = Number(r.session_type) === 0;
      const ref = c2c ? r.wt_id : r.group_number;
      if (ref == null) return [];
      const visible = profileVisible(
        c2c
          ? {
              kind: 'user',
              blockedByThem: truthy(r.blocked_by_peer),
              friend: truthy(r.is_friend),
              chatPartner: truthy(r.has_chat),
            }
          : { kind: 'group', member: r.member_id != null },
      );
      return [
        {
          group_id: Number(r.group_id),
          session_type: Number(r.session_type),
          relation_id: Number(r.relation_id),
          ref,
          visible,
          name: visible ? ((c2c ? r.nick_name : r.group_name) ?? '') : '',
          avatar: visible ? ((c2c ? r.user_avatar : r.group_avatar) ?? '') : '',
        },
      ];
    });
  }

  owned(ownerId: number, id: number): Promise<SessionGroupRow | undefined> {
    return this.db
      .selectFrom('session_groups')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  ownedIds(ownerId: number, ids: number[]): Promise<Set<number>> {
    return ownedRows.ids(this.db, 'session_groups', ownerId, ids);
  }

  /**
   * One-to-one conversations the owner may file: users among `wtIds` who are the owner's friends
   * or with whom the owner has a conversation.
   */
  async reachableUsers(ownerId: number, wtIds: string[]): Promise<ResolvedRelation[]> {
    if (wtIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.wt_id'])
      .where('u.wt_id', 'in', wtIds)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('friendships as f')
              .select('f.id')
              .where('f.owner_id', '=', ownerId)
              .whereRef('f.friend_id', '=', 'u.id'),
          ),
          eb.exists(
            eb
              .selectFrom('conversation_members as m')
              .select('m.conversation_id')
              .where('m.user_id', '=', ownerId)
              .whereRef('m.peer_id', '=', 'u.id'),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => ({ sessionType: 0, relationId: Number(r.id), ref: r.wt_id }));
  }

  /** Groups among `numbers` the owner is a member of. */
  async memberGroups(ownerId: number, numbers: string[]): Promise<ResolvedRelation[]> {
    if (numbers.length === 0) return [];
    const rows = await this.db
      .selectFrom('groups as g')
      .innerJoin('group_members as m', 'm.group_id', 'g.id')
      .select(['g.id', 'g.group_number'])
      .where('g.group_number', 'in', numbers)
      .where('m.user_id', '=', ownerId)
      .execute();
    return rows.map((r) => ({ sessionType: 1, relationId: Number(r.id), ref: r.group_number }));
  }

  count(ownerId: number): Promise<number> {
    return ownedRows.count(this.db, 'session_groups', ownerId);
  }

  async insert(ownerId: number, name: string, sort: number, now: number): Promise<number> {
    const row = await this.db
      .insertInto('session_groups')
      .values({ owner_id: ownerId, name, hide_status: 1, sort, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  update(
    ownerId: number,
    id: number,
    patch: { name?: string; hide_status?: number; sort?: number },
    now: number,
  ): Promise<void> {
    return ownedRows.update(this.db, 'session_groups', ownerId, id, patch, now);
  }

  /** Replaces the conversations of the owner's tab `id` with `relations`, in that order. */
  async setRelations(ownerId: number, id: number, relations: ResolvedRelation[]): Promise<void> {
    await this.db
      .deleteFrom('session_group_items')
      .where('owner_id', '=', ownerId)
      .where('group_id', '=', id)
      .execute();
    if (relations.length === 0) return;
    await this.db
      .insertInto('session_group_items')
      .values(
        relations.map((r, position) => ({
          group_id: id,
          owner_id: ownerId,
          session_type: r.sessionType,
          relation_id: r.relationId,
          position,
        })),
      )
      .execute();
  }

  async deleteMany(ownerId: number, ids: number[]): Promise<void> {
    await ownedRows.deleteWithChildren(this.db, 'session_groups', ownerId, ids);
  }
}
