import { Repo } from '../../db/repo.js';
import type { Selectable } from 'kysely';
import type { FriendApplicationsTable } from '../../db/schema.js';
import { newFriendshipRow } from './friendship.repo.js';

export type ApplicationRow = Selectable<FriendApplicationsTable>;

/** An application joined with the other party's public profile. */
export interface ApplicationView extends ApplicationRow {
  other_wt_id: string;
  other_nick: string;
  other_avatar: string;
}

export const AppStatus = { pending: 0, accepted: 1, rejected: 2 } as const;

/** SQL for friend applications (one row per from → to pair) and their acceptance. */
export class ApplicationRepo extends Repo {
  byPair(fromId: number, toId: number): Promise<ApplicationRow | undefined> {
    return this.db
      .selectFrom('friend_applications')
      .selectAll()
      .where('from_id', '=', fromId)
      .where('to_id', '=', toId)
      .executeTakeFirst();
  }

  /** Creates the application or renews the existing one (pending and unread again); never a second row. */
  async upsertPending(row: {
    fromId: number;
    toId: number;
    source: number;
    reason: string;
    now: number;
  }): Promise<ApplicationRow> {
    return this.db
      .insertInto('friend_applications')
      .values({
        from_id: row.fromId,
        to_id: row.toId,
        source: row.source,
        reason: row.reason,
        status: AppStatus.pending,
        is_read: 0,
        created_at: row.now,
        updated_at: row.now,
        handled_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['from_id', 'to_id']).doUpdateSet({
          source: row.source,
          reason: row.reason,
          status: AppStatus.pending,
          is_read: 0,
          updated_at: row.now,
          handled_at: null,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Applications received ('in') or sent ('out') by the user, newest first, with the other party. */
  async page(
    userId: number,
    direction: 'in' | 'out',
    opts: { offset: number; limit: number },
  ): Promise<{ rows: ApplicationView[]; total: number }> {
    const mine = direction === 'in' ? 'a.to_id' : 'a.from_id';
    const other = direction === 'in' ? 'a.from_id' : 'a.to_id';
    const base = this.db
      .selectFrom('friend_applications as a')
      .innerJoin('users as u', 'u.id', other)
      .where(mine, '=', userId);
    const [rows, total] = await Promise.all([
      base
        .selectAll('a')
        .select(['u.wt_id as other_wt_id', 'u.nick_name as other_nick', 'u.avatar as other_avatar'])
        .orderBy('a.updated_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(opts.limit)
        .offset(opts.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Pending, unread applications to the user renewed at or after `since` (older ones have expired). */
  async unreadCount(toId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('friend_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_id', '=', toId)
      .where('status', '=', AppStatus.pending)
      .where('is_read', '=', 0)
      .where('updated_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markAllRead(toId: number): Promise<number> {
    const res = await this.db
      .updateTable('friend_applications')
      .set({ is_read: 1 })
      .where('to_id', '=', toId)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Rejects a pending application; false when it was no longer pending (a concurrent handle). */
  async reject(id: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('friend_applications')
      .set({ status: AppStatus.rejected, is_read: 1, handled_at: now })
      .where('id', '=', id)
      .where('status', '=', AppStatus.pending)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Accepts a pending application in one transaction: marks it (and a pending reverse one) accepted
   * and creates both friendship rows with the application's source. False when it was no longer pending.
   */
  async accept(app: ApplicationRow, now: number): Promise<boolean> {
    return this.atomic(async (trx) => {
      const res = await trx
        .updateTable('friend_applications')
        .set({ status: AppStatus.accepted, is_read: 1, handled_at: now })
        .where('id', '=', app.id)
        .where('status', '=', AppStatus.pending)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('friend_applications')
        .set({ status: AppStatus.accepted, is_read: 1, handled_at: now })
        .where('from_id', '=', app.to_id)
        .where('to_id', '=', app.from_id)
        .where('status', '=', AppStatus.pending)
        .execute();
      const side = (ownerId: number, friendId: number) =>
        newFriendshipRow({ ownerId, friendId, applySource: app.source, now });
      await trx
        .insertInto('friendships')
        .values([side(app.from_id, app.to_id), side(app.to_id, app.from_id)])
        .onConflict((oc) => oc.columns(['owner_id', 'friend_id']).doNothing())
        .execute();
      return true;
    });
  }
}
