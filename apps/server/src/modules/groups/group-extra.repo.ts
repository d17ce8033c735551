import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { GroupApplicationsTable } from '../../db/schema.js';

export type ApplicationRow = Selectable<GroupApplicationsTable>;

/** An application with the names the lists show. */
export interface ApplicationView extends ApplicationRow {
  group_number: string;
  group_name: string;
  group_avatar: string;
  wt_id: string;
  nick_name: string;
  avatar: string;
  inviter_wt_id: string | null;
  handler_name: string | null;
}

export interface NoticeView {
  id: number;
  kind: string;
  created_at: number;
  group_number: string;
  group_name: string;
  group_avatar: string;
  operator_name: string | null;
}

/** The two per-user lists with a read flag: application outcomes and group notices. */
const UNREAD = {
  outcomes: { table: 'group_applications', flag: 'self_read' },
  notices: { table: 'group_notices', flag: 'is_read' },
} as const;
type UnreadFlag = (typeof UNREAD)[keyof typeof UNREAD];

/** SQL for a group's blacklist, join applications and the group notices a user receives. */
export class GroupExtraRepo extends Repo {
  // Blacklist.
  async blacklisted(groupId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_blacklist')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async blackAdd(groupId: number, userIds: number[], now: number): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('group_blacklist')
      .values(userIds.map((user_id) => ({ group_id: groupId, user_id, created_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }

  async blackRemove(groupId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('group_blacklist')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  async blackPage(groupId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('group_blacklist as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'b.created_at'])
        .where('b.group_id', '=', groupId)
        .orderBy('b.created_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('group_blacklist')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  // Applications.
  byId(id: number): Promise<ApplicationRow | undefined> {
    return this.db.selectFrom('group_applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  pendingOf(groupId: number, userId: number): Promise<ApplicationRow | undefined> {
    return this.db
      .selectFrom('group_applications')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('status', '=', 0)
      .executeTakeFirst();
  }

  insertApplication(row: Omit<ApplicationRow, 'id'>): Promise<ApplicationRow> {
    return this.db.insertInto('group_applications').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async renewApplication(
    id: number,
    message: string,
    joinType: number,
    inviterId: number | null,
    now: number,
  ) {
    await this.db
      .updateTable('group_applications')
      .set({ message, join_type: joinType, inviter_id: inviterId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Settles a pending application; false when it was no longer pending. */
  async settle(id: number, status: 1 | 2, handlerId: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('group_applications')
      .set({ status, handler_id: handlerId, self_read: 0, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Closes every pending application of a group (dissolved) or of users who joined by other means. */
  async closePending(groupId: number, userIds?: number[]): Promise<void> {
    let q = this.db
      .updateTable('group_applications')
      .set({ status: 2 })
      .where('group_id', '=', groupId)
      .where('status', '=', 0);
    if (userIds) {
      if (userIds.length === 0) return;
      q = q.where('user_id', 'in', userIds);
    }
    await q.execute();
  }

  private applications() {
    return this.db
      .selectFrom('group_applications as a')
      .innerJoin('groups as g', 'g.id', 'a.group_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('users as i', 'i.id', 'a.inviter_id')
      .leftJoin('users as h', 'h.id', 'a.handler_id')
      .selectAll('a')
      .select([
        'g.group_number',
        'g.name as group_name',
        'g.avatar as group_avatar',
        'u.wt_id',
        'u.nick_name',
        'u.avatar',
        'i.wt_id as inviter_wt_id',
        'h.nick_name as handler_name',
      ]);
  }

  async viewById(id: number): Promise<ApplicationView | undefined> {
    return (await this.applications().where('a.id', '=', id).executeTakeFirst()) as
      ApplicationView | undefined;
  }

  /** Applications to the groups `userId` manages (pending first, newest first). */
  async forManager(userId: number, offset: number, limit: number) {
    const managed = this.db
      .selectFrom('group_members')
      .select('group_id')
      .where('user_id', '=', userId)
      .where('identity', '>=', 2);
    const [rows, total] = await Promise.all([
      this.applications()
        .where('a.group_id', 'in', managed)
        .where('g.status', '=', 0)
        .orderBy('a.status', 'asc')
        .orderBy('a.updated_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('group_applications as a')
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.group_id', 'in', managed)
        .where('g.status', '=', 0)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ApplicationView[], total: Number(total.n) };
  }

  async pendingForManager(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('group_applications as a')
      .innerJoin('group_members as m', 'm.group_id', 'a.group_id')
      .innerJoin('groups as g', 'g.id', 'a.group_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.user_id', '=', userId)
      .where('m.identity', '>=', 2)
      .where('a.status', '=', 0)
      .where('g.status', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async pendingInGroup(groupId: number): Promise<number> {
    const row = await this.db
      .selectFrom('group_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async forApplicant(userId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.applications()
        .where('a.user_id', '=', userId)
        .where('a.inviter_id', 'is', null)
        .orderBy('a.updated_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('group_applications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('inviter_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ApplicationView[], total: Number(total.n) };
  }

  /** Outcomes of the user's own applications not yet seen. */
  unreadOutcomes(userId: number): Promise<number> {
    return this.unread(UNREAD.outcomes, userId);
  }

  markOutcomesRead(userId: number): Promise<void> {
    return this.markRead(UNREAD.outcomes, userId);
  }

  // Notices about groups (to one user).
  async notify(userIds: number[], groupId: number, kind: string, operatorId: number | null, now: number) {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('group_notices')
      .values(
        userIds.map((user_id) => ({
          user_id,
          group_id: groupId,
          kind,
          operator_id: operatorId,
          is_read: 0,
          created_at: now,
        })),
      )
      .execute();
  }

  async notices(
    userId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: NoticeView[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('group_notices as n')
        .innerJoin('groups as g', 'g.id', 'n.group_id')
        .leftJoin('users as o', 'o.id', 'n.operator_id')
        .select([
          'n.id',
          'n.kind',
          'n.created_at',
          'g.group_number',
          'g.name as group_name',
          'g.avatar as group_avatar',
          'o.nick_name as operator_name',
        ])
        .where('n.user_id', '=', userId)
        .orderBy('n.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('group_notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  unreadNotices(userId: number): Promise<number> {
    return this.unread(UNREAD.notices, userId);
  }

  markNoticesRead(userId: number): Promise<void> {
    return this.markRead(UNREAD.notices, userId);
  }

  /** How many of a user's rows in `table` have the read flag `flag` at 0. */
  private async unread({ table, flag }: UnreadFlag, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where(flag, '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async markRead({ table, flag }: UnreadFlag, userId: number): Promise<void> {
    await this.db
      .updateTable(table)
      .set({ [flag]: 1 })
      .where('user_id', '=', userId)
      .where(flag, '=', 0)
      .execute();
  }
}
