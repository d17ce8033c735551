import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { prepared } from '../../db/compiled.js';
import { first, type Steps } from '../../db/steps.js';
import { Repo } from '../../db/repo.js';
import { containsInsensitive } from '../../db/contains.js';
import type { GroupMembersTable, GroupsTable } from '../../db/schema.js';

export type GroupRow = Selectable<GroupsTable>;
export type MemberRow = Selectable<GroupMembersTable>;

/** A member row with the user's public profile. */
export interface MemberView extends MemberRow {
  wt_id: string;
  nick_name: string;
  avatar: string;
  vip_level: number;
  inviter_name: string | null;
}

// Every group action and group send reads these two first (db/compiled.ts: built once).
const groupByNumber = prepared<{ groupNumber: string }, GroupRow>((db, p) =>
  db.selectFrom('groups').selectAll().where('group_number', '=', p('groupNumber')),
);
const memberOf = prepared<{ groupId: number; userId: number }, MemberRow>((db, p) =>
  db
    .selectFrom('group_members')
    .selectAll()
    .where('group_id', '=', p('groupId'))
    .where('user_id', '=', p('userId')),
);

/** SQL for groups and their member rows. */
/** `GroupRepo.byNumber` as a step function (db/steps.ts): a group send's checks. */
export function groupByNumberSteps(groupNumber: string): Steps<GroupRow | undefined> {
  return first(groupByNumber, { groupNumber });
}

/** `GroupRepo.member` as a step function (db/steps.ts). */
export function groupMemberSteps(groupId: number, userId: number): Steps<MemberRow | undefined> {
  return first(memberOf, { groupId, userId });
}

export class GroupRepo extends Repo {
  byNumber(groupNumber: string): Promise<GroupRow | undefined> {
    return groupByNumber.first(this.db, { groupNumber });
  }

  byId(id: number): Promise<GroupRow | undefined> {
    return this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the group row for the rest of the transaction (PostgreSQL; SQLite writes are serial). */
  async lock(id: number): Promise<GroupRow | undefined> {
    return this.db
      .updateTable('groups')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  insert(row: Insertable<GroupsTable>): Promise<GroupRow> {
    return this.db.insertInto('groups').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, patch: Updateable<GroupsTable>): Promise<void> {
    await this.db.updateTable('groups').set(patch).where('id', '=', id).execute();
  }

  /** Adds to the member and admin counts (negative to subtract). */
  async adjustCounts(id: number, members: number, admins: number): Promise<void> {
    if (members === 0 && admins === 0) return;
    await this.db
      .updateTable('groups')
      .set((eb) => ({
        member_count: eb('member_count', '+', members),
        admin_count: eb('admin_count', '+', admins),
      }))
      .where('id', '=', id)
      .execute();
  }

  member(groupId: number, userId: number): Promise<MemberRow | undefined> {
    return memberOf.first(this.db, { groupId, userId });
  }

  membersAmong(groupId: number, userIds: number[]): Promise<MemberRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('group_members')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  async addMembers(rows: Insertable<GroupMembersTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('group_members')
      .values(rows)
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }

  async removeMembers(groupId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  async updateMembers(
    groupId: number,
    userIds: number[],
    patch: Updateable<GroupMembersTable>,
  ): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .updateTable('group_members')
      .set(patch)
      .where('group_id', '=', groupId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Every member's user id (the audience of a group change). */
  async memberIds(groupId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  private views() {
    return this.db
      .selectFrom('group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('users as i', 'i.id', 'm.inviter_id')
      .selectAll('m')
      .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'u.vip_level', 'i.nick_name as inviter_name']);
  }

  /** Members in panel order: owner, admins, then by join time. */
  async page(
    groupId: number,
    opts: { offset: number; limit: number; keyword?: string },
  ): Promise<{ rows: MemberView[]; total: number }> {
    let q = this.views().where('m.group_id', '=', groupId);
    let c = this.db
      .selectFrom('group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.group_id', '=', groupId);
    if (opts.keyword) {
      const kw = opts.keyword;
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(sql.ref<string>('u.nick_name'), kw),
          containsInsensitive(sql.ref<string>('m.group_nickname'), kw),
          containsInsensitive(sql.ref<string>('u.wt_id'), kw),
        ]),
      );
      c = c.where((eb) =>
        eb.or([
          containsInsensitive(sql.ref<string>('u.nick_name'), kw),
          containsInsensitive(sql.ref<string>('m.group_nickname'), kw),
          containsInsensitive(sql.ref<string>('u.wt_id'), kw),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      q
        .orderBy('m.identity', 'desc')
        .orderBy('m.created_at', 'asc')
        .orderBy('m.user_id', 'asc')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      c.executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as MemberView[], total: Number(total.n) };
  }

  async viewsOf(groupId: number, userIds: number[]): Promise<MemberView[]> {
    if (userIds.length === 0) return [];
    return (await this.views()
      .where('m.group_id', '=', groupId)
      .where('m.user_id', 'in', userIds)
      .execute()) as MemberView[];
  }

  /** Admins and the owner. */
  async managers(groupId: number): Promise<MemberView[]> {
    return (await this.views()
      .where('m.group_id', '=', groupId)
      .where('m.identity', '>=', 2)
      .orderBy('m.identity', 'desc')
      .orderBy('m.created_at', 'asc')
      .execute()) as MemberView[];
  }

  /** Members whose mute runs past `now`. */
  async muted(groupId: number, now: number): Promise<MemberView[]> {
    return (await this.views()
      .where('m.group_id', '=', groupId)
      .where('m.mute_until', '>', now)
      .orderBy('m.mute_until', 'desc')
      .execute()) as MemberView[];
  }

  /** The active groups `userId` belongs to, with their member row; pinned first, newest activity first. */
  async ofUser(userId: number, nameLike?: string): Promise<Array<GroupRow & { self: MemberRow }>> {
    let q = this.db
      .selectFrom('group_members as m')
      .innerJoin('groups as g', 'g.id', 'm.group_id')
      .selectAll('g')
      .select([
        'm.identity as m_identity',
        'm.group_nickname as m_group_nickname',
        'm.name_remark as m_name_remark',
        'm.mute_until as m_mute_until',
        'm.top_status as m_top_status',
        'm.join_type as m_join_type',
        'm.inviter_id as m_inviter_id',
        'm.last_send_at as m_last_send_at',
        'm.created_at as m_created_at',
      ])
      .where('m.user_id', '=', userId)
      .where('g.status', '=', 0);
    if (nameLike) q = q.where(containsInsensitive(sql.ref<string>('g.name'), nameLike));
    const rows = await q.orderBy('m.top_status', 'desc').orderBy('g.id', 'desc').execute();
    return rows.map((r) => {
      const { m_identity, m_group_nickname, m_name_remark, m_mute_until, m_top_status, ...g } = r;
      return {
        ...(g as unknown as GroupRow),
        self: {
          group_id: r.id,
          user_id: userId,
          identity: m_identity,
          group_nickname: m_group_nickname,
          name_remark: m_name_remark,
          mute_until: m_mute_until,
          top_status: m_top_status,
          join_type: r.m_join_type,
          inviter_id: r.m_inviter_id,
          last_send_at: r.m_last_send_at,
          created_at: r.m_created_at,
        },
      };
    });
  }

  /** Ids of the active groups both users belong to. */
  async commonIds(a: number, b: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('group_members as ma')
      .innerJoin('group_members as mb', 'mb.group_id', 'ma.group_id')
      .innerJoin('groups as g', 'g.id', 'ma.group_id')
      .select('g.id')
      .where('ma.user_id', '=', a)
      .where('mb.user_id', '=', b)
      .where('g.status', '=', 0)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Whether a shared active group with member protection on makes `a` and `b` ordinary members of
   * the same protected group (neither manages it): then they may not add each other as friends.
   */
  async protectedPair(a: number, b: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_members as ma')
      .innerJoin('group_members as mb', 'mb.group_id', 'ma.group_id')
      .innerJoin('groups as g', 'g.id', 'ma.group_id')
      .select('g.id')
      .where('ma.user_id', '=', a)
      .where('mb.user_id', '=', b)
      .where('g.status', '=', 0)
      .where('g.member_protect_switch', '=', 1)
      .where('ma.identity', '=', 1)
      .where('mb.identity', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
