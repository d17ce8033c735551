import type { Insertable, Selectable, Updateable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { CallMembersTable } from '../../db/schema.js';
import { normalizeCall, type CallRow } from './call.repo.js';

export type CallMemberRow = Selectable<CallMembersTable>;

/** States in which a person is still part of a group call (busy for any other). */
export const LIVE_STATES = ['ringing', 'joined'] as const;

/** The `call_members` table: each person's part in a group call. */
export class CallMembersRepo extends Repo {
  async insert(rows: Insertable<CallMembersTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('call_members').values(rows).execute();
  }

  /** The members of a call (by the call's row id), in the order they were added. */
  async ofCall(callRowId: number): Promise<CallMemberRow[]> {
    const rows = await this.db
      .selectFrom('call_members')
      .selectAll()
      .where('call_id', '=', callRowId)
      .orderBy('id')
      .execute();
    return rows.map(normalize);
  }

  /**
   * Moves one member on only if still in `from` (compare-and-set, like `calls`): of two tabs
   * accepting at once, or a hangup racing the sweeper, one wins. Returns whether it moved.
   */
  async move(
    callRowId: number,
    userId: number,
    from: string,
    set: Updateable<CallMembersTable>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('call_members')
      .set(set)
      .where('call_id', '=', callRowId)
      .where('user_id', '=', userId)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The user's group call that is not over, where they ring or are joined. */
  async activeOf(userId: number): Promise<CallRow | undefined> {
    const row = await this.db
      .selectFrom('call_members as m')
      .innerJoin('calls as c', 'c.id', 'm.call_id')
      .selectAll('c')
      .where('m.user_id', '=', userId)
      .where('m.state', 'in', [...LIVE_STATES])
      .where('c.status', '!=', 'ended')
      .orderBy('c.id', 'desc')
      .executeTakeFirst();
    return row && normalizeCall(row);
  }

  /** Those of `userIds` ringing or joined in any group call that is not over. */
  async busyAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('call_members as m')
      .innerJoin('calls as c', 'c.id', 'm.call_id')
      .select('m.user_id')
      .where('m.user_id', 'in', userIds)
      .where('m.state', 'in', [...LIVE_STATES])
      .where('c.status', '!=', 'ended')
      .execute();
    return new Set(rows.map((r) => Number(r.user_id)));
  }

  /** The group's call that is not over (one per group). */
  async ofGroup(groupId: number): Promise<CallRow | undefined> {
    const row = await this.db
      .selectFrom('calls')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('status', '!=', 'ended')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row && normalizeCall(row);
  }

  async touch(callRowId: number, userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('call_members')
      .set({ seen_at: now })
      .where('call_id', '=', callRowId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Another tab of a joined member takes its part over, only if the holder has been silent. */
  async rebind(callRowId: number, userId: number, conn: string, now: number, silentBefore: number) {
    const res = await this.db
      .updateTable('call_members')
      .set({ conn, seen_at: now })
      .where('call_id', '=', callRowId)
      .where('user_id', '=', userId)
      .where('state', '=', 'joined')
      .where('seen_at', '<', silentBefore)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Metered group-call time of the user whose first metered span began in [from, to). */
  async meteredSpans(userId: number, from: number, to: number) {
    const rows = await this.db
      .selectFrom('call_members')
      .select(['metered_ms', 'joined_at'])
      .where('user_id', '=', userId)
      .where('metered_from', '>=', from)
      .where('metered_from', '<', to)
      .execute();
    return rows.map((r) => ({
      closedMs: Number(r.metered_ms),
      openSince: r.joined_at === null ? null : Number(r.joined_at),
    }));
  }

  async setLimitAt(callRowId: number, userId: number, limitAt: number | null): Promise<void> {
    await this.db
      .updateTable('call_members')
      .set({ limit_at: limitAt })
      .where('call_id', '=', callRowId)
      .where('user_id', '=', userId)
      .where('state', '=', 'joined')
      .execute();
  }

  /**
   * Members the sweeper must look at in calls that are not over: rings past their timeout, joined
   * members who stopped pinging, and joined members past their allowance.
   */
  async stale(now: number, graceMs: number, limit = 100) {
    const rows = await this.db
      .selectFrom('call_members as m')
      .innerJoin('calls as c', 'c.id', 'm.call_id')
      .select(['c.call_id', 'm.user_id', 'm.state', 'm.limit_at', 'm.invite_expires_at', 'm.seen_at'])
      .where('c.status', '!=', 'ended')
      .where((eb) =>
        eb.or([
          eb.and([eb('m.state', '=', 'ringing'), eb('m.invite_expires_at', '<=', now)]),
          eb.and([
            eb('m.state', '=', 'joined'),
            eb.or([eb('m.seen_at', '<', now - graceMs), eb('m.limit_at', '<=', now)]),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      callId: r.call_id,
      userId: Number(r.user_id),
      state: r.state,
      limitAt: r.limit_at === null ? null : Number(r.limit_at),
      seenAt: Number(r.seen_at),
    }));
  }
}

/** PostgreSQL returns bigint columns as strings. */
function normalize(row: CallMemberRow): CallMemberRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...row,
    id: Number(row.id),
    call_id: Number(row.call_id),
    user_id: Number(row.user_id),
    invited_by: num(row.invited_by),
    invited_at: Number(row.invited_at),
    invite_expires_at: Number(row.invite_expires_at),
    seen_at: Number(row.seen_at),
    joined_at: num(row.joined_at),
    metered_from: num(row.metered_from),
    metered_ms: Number(row.metered_ms),
    limit_at: num(row.limit_at),
    updated_at: Number(row.updated_at),
  };
}
