import type { Insertable, Selectable, Updateable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { CallsTable } from '../../db/schema.js';

export type CallRow = Selectable<CallsTable>;

/** The `calls` table: the server's record of each one-to-one call. */
export class CallRepo extends Repo {
  async insert(row: Insertable<CallsTable>): Promise<CallRow> {
    const out = await this.db.insertInto('calls').values(row).returningAll().executeTakeFirstOrThrow();
    return normalizeCall(out);
  }

  async byCallId(callId: string): Promise<CallRow | undefined> {
    const row = await this.db
      .selectFrom('calls')
      .selectAll()
      .where('call_id', '=', callId)
      .executeTakeFirst();
    return row && normalizeCall(row);
  }

  /** The user's one-to-one call that is not over (ringing or connected), newest first. */
  async activeOf(userId: number): Promise<CallRow | undefined> {
    const row = await this.db
      .selectFrom('calls')
      .selectAll()
      .where('status', 'in', ['ringing', 'connected'])
      .where('group_id', 'is', null)
      .where((eb) => eb.or([eb('caller_id', '=', userId), eb('callee_id', '=', userId)]))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row && normalizeCall(row);
  }

  /**
   * Moves a call on only if it is still in `from` (compare-and-set): of two tabs accepting at once,
   * or a hangup racing a timeout, exactly one wins. Returns the row after the change, or undefined.
   */
  async move(callId: string, from: string, set: Updateable<CallsTable>): Promise<CallRow | undefined> {
    const row = await this.db
      .updateTable('calls')
      .set(set)
      .where('call_id', '=', callId)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    return row && normalizeCall(row);
  }

  async touch(callId: string, side: 'caller' | 'callee', now: number): Promise<void> {
    await this.db
      .updateTable('calls')
      .set(side === 'caller' ? { caller_seen_at: now } : { callee_seen_at: now })
      .where('call_id', '=', callId)
      .execute();
  }

  /**
   * Moves a side of the call to another socket connection of the same user (a reconnected tab),
   * only if the holder has been silent since `silentBefore`: a live holder tab is never displaced.
   */
  async rebind(callId: string, side: 'caller' | 'callee', conn: string, now: number, silentBefore: number) {
    const q =
      side === 'caller'
        ? this.db
            .updateTable('calls')
            .set({ caller_conn: conn, caller_seen_at: now })
            .where('caller_seen_at', '<', silentBefore)
        : this.db
            .updateTable('calls')
            .set({ callee_conn: conn, callee_seen_at: now })
            .where('callee_conn', 'is not', null)
            .where('callee_seen_at', '<', silentBefore);
    const res = await q.where('call_id', '=', callId).where('status', '!=', 'ended').executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The start and end of the caller's one-to-one calls that connected in [from, to) (end null: still connected). */
  async connectedSpans(callerId: number, from: number, to: number) {
    const rows = await this.db
      .selectFrom('calls')
      .select(['connected_at', 'ended_at'])
      .where('caller_id', '=', callerId)
      .where('group_id', 'is', null)
      .where('connected_at', '>=', from)
      .where('connected_at', '<', to)
      .execute();
    return rows.map((r) => ({
      start: Number(r.connected_at),
      end: r.ended_at === null ? null : Number(r.ended_at),
    }));
  }

  /** Sets when a connected call uses up its caller's allowance (null: not limited). */
  async setLimitAt(callId: string, limitAt: number | null): Promise<void> {
    await this.db
      .updateTable('calls')
      .set({ limit_at: limitAt })
      .where('call_id', '=', callId)
      .where('status', '=', 'connected')
      .execute();
  }

  /**
   * Calls the sweeper must look at: invitations past their timeout, calls a party stopped pinging,
   * and connected calls past their caller's allowance.
   */
  async stale(now: number, graceMs: number, limit = 100): Promise<CallRow[]> {
    const silentSince = now - graceMs;
    const rows = await this.db
      .selectFrom('calls')
      .selectAll()
      .where('group_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'ringing'), eb('invite_expires_at', '<=', now)]),
          eb.and([eb('status', '=', 'ringing'), eb('caller_seen_at', '<', silentSince)]),
          eb.and([
            eb('status', '=', 'connected'),
            eb.or([
              eb('caller_seen_at', '<', silentSince),
              eb('callee_seen_at', '<', silentSince),
              eb('limit_at', '<=', now),
            ]),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
    return rows.map(normalizeCall);
  }
}

/** PostgreSQL returns bigint columns as strings. */
export function normalizeCall(row: CallRow): CallRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...row,
    id: Number(row.id),
    room_id: Number(row.room_id),
    media_type: Number(row.media_type),
    caller_id: Number(row.caller_id),
    callee_id: Number(row.callee_id),
    created_at: Number(row.created_at),
    invite_expires_at: Number(row.invite_expires_at),
    connected_at: num(row.connected_at),
    ended_at: num(row.ended_at),
    caller_seen_at: Number(row.caller_seen_at),
    callee_seen_at: Number(row.callee_seen_at),
    limit_at: num(row.limit_at),
    group_id: num(row.group_id),
  };
}
