import { Repo } from '../../db/repo.js';

/** The `call_usage` table: the client's record of its connected outgoing calls (/media/*). */
export class UsageRepo extends Repo {
  async open(row: {
    userId: number;
    peerId: number;
    callType: number;
    day: string;
    now: number;
  }): Promise<number> {
    const out = await this.db
      .insertInto('call_usage')
      .values({
        user_id: row.userId,
        peer_id: row.peerId,
        call_type: row.callType,
        day: row.day,
        started_at: row.now,
        updated_at: row.now,
        ended_at: null,
        seconds: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(out.id);
  }

  /** The user's own record that is still open, or undefined. */
  async openOf(userId: number, id: number) {
    const row = await this.db
      .selectFrom('call_usage')
      .select(['id', 'started_at', 'ended_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && row.ended_at === null
      ? { id: Number(row.id), startedAt: Number(row.started_at) }
      : undefined;
  }

  async report(id: number, seconds: number, now: number, end: boolean): Promise<void> {
    await this.db
      .updateTable('call_usage')
      .set({ seconds, updated_at: now, ...(end ? { ended_at: now } : {}) })
      .where('id', '=', id)
      .execute();
  }
}
