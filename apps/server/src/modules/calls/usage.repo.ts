import { Repo } from '../../db/repo.js';

/** The call_usage table: one row per connected outgoing call, by UTC day. */
export class UsageRepo extends Repo {
  /** The caller's records of `day` (YYYY-MM-DD). */
  ofDay(userId: number, day: string) {
    return this.db
      .selectFrom('call_usage')
      .select(['seconds', 'started_at', 'ended_at'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  }

  async start(r: {
    userId: number;
    peerId: number;
    callType: number;
    day: string;
    now: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('call_usage')
      .values({
        user_id: r.userId,
        peer_id: r.peerId,
        call_type: r.callType,
        day: r.day,
        started_at: r.now,
        updated_at: r.now,
        ended_at: null,
        seconds: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The caller's record `id` (undefined: none of theirs). */
  own(userId: number, id: number) {
    return this.db
      .selectFrom('call_usage')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Records the time so far; `end` closes the record. */
  async report(id: number, seconds: number, now: number, end: boolean): Promise<void> {
    await this.db
      .updateTable('call_usage')
      .set({ seconds, updated_at: now, ...(end ? { ended_at: now } : {}) })
      .where('id', '=', id)
      .execute();
  }
}
