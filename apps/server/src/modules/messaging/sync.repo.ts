import { sql } from 'kysely';
import { Repo } from '../../db/repo.js';

export interface Change {
  userId: number;
  conversationId: number;
  /** The message that changed (new, revoked, deleted for this user); null: the conversation's state. */
  messageId: number | null;
}

/**
 * Per-user change versions for sync (like Telegram's pts). Each change a user must learn about gets
 * the user's next version and a log row. The version row is locked by its UPDATE until the
 * transaction ends, so one user's versions commit in order: a client that synced up to v has seen
 * every change numbered ≤ v. Callers record changes of several users in ascending user id order
 * (see `record`), so two transactions never wait on each other in a cycle.
 */
export class SyncRepo extends Repo {
  async current(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sync_versions')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.version) : 0;
  }

  /**
   * Records changes in two statements whatever the number of users: one upsert of the version rows
   * (in ascending user id order, the lock order) and one insert of the log rows.
   */
  async record(changes: Change[]): Promise<Map<number, number>> {
    const byUser = new Map<number, Change[]>();
    for (const c of changes) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
    const users = [...byUser.keys()].sort((a, b) => a - b);
    if (users.length === 0) return new Map();
    const rows = await this.db
      .insertInto('sync_versions')
      .values(users.map((u) => ({ user_id: u, version: byUser.get(u)!.length })))
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          version: sql`sync_versions.version + ${eb.ref('excluded.version')}`,
        })),
      )
      .returning(['user_id', 'version'])
      .execute();
    const out = new Map(rows.map((r) => [Number(r.user_id), Number(r.version)]));
    await this.db
      .insertInto('sync_log')
      .values(
        users.flatMap((u) => {
          const list = byUser.get(u)!;
          const last = out.get(u)!;
          return list.map((c, i) => ({
            user_id: u,
            version: last - list.length + 1 + i,
            conversation_id: c.conversationId,
            message_id: c.messageId,
          }));
        }),
      )
      .execute();
    return out;
  }

  /** Log rows after `since`, oldest first, at most `limit`. */
  since(userId: number, since: number, limit: number) {
    return this.db
      .selectFrom('sync_log')
      .select(['version', 'conversation_id', 'message_id'])
      .where('user_id', '=', userId)
      .where('version', '>', since)
      .orderBy('version')
      .limit(limit)
      .execute();
  }
}
