import { prepared } from '../../db/compiled.js';
import { Repo } from '../../db/repo.js';
import type { Selectable } from 'kysely';
import type { AuthTokensTable, LoginTicketsTable } from '../../db/schema.js';

export type TokenRow = Selectable<AuthTokensTable>;
export type TicketRow = Selectable<LoginTicketsTable>;

/** A token with what a session needs of its user, in one statement (every request and socket). */
export type SessionRow = TokenRow & { wt_id: string | null; status: number | null };
const sessionByHash = prepared<{ hash: string }, SessionRow>((db, p) =>
  db
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.wt_id', 'u.status'])
    .where('t.token_hash', '=', p('hash')),
);

/** SQL for session tokens and second-step login tickets. Only hashes are stored. */
export class SessionRepo extends Repo {
  async insertToken(row: Omit<TokenRow, 'admin_confirmed_at'>): Promise<void> {
    await this.db.insertInto('auth_tokens').values(row).execute();
  }

  /** The token with its user's wtId and status (null when the user row is gone). */
  sessionByHash(hash: string): Promise<SessionRow | undefined> {
    return sessionByHash.first(this.db, { hash });
  }

  /** Revokes live tokens; returns the ids that were revoked by this call. */
  async revokeTokens(
    where: { id?: string; userId?: number; exceptId?: string },
    code: number,
    at: number,
  ): Promise<string[]> {
    let q = this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: at, revoke_code: code })
      .where('revoked_at', 'is', null);
    if (where.id) q = q.where('id', '=', where.id);
    if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
    if (where.exceptId) q = q.where('id', '!=', where.exceptId);
    const rows = await q.returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Drops tokens that expired or were revoked more than `before` ago. */
  async purge(before: number): Promise<void> {
    await this.db
      .deleteFrom('auth_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  }

  async insertTicket(row: TicketRow): Promise<void> {
    await this.db.insertInto('login_tickets').values(row).execute();
  }

  ticket(id: string): Promise<TicketRow | undefined> {
    return this.db.selectFrom('login_tickets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Counts one attempt on a ticket; false when it already had `max` (checked and counted in one statement). */
  async claimTicketAttempt(id: string, max: number): Promise<boolean> {
    const res = await this.db
      .updateTable('login_tickets')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .where('failures', '<', max)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Marks a ticket used; false when it was already used (so a ticket completes one login only). */
  async useTicket(id: string, at: number): Promise<boolean> {
    const res = await this.db
      .updateTable('login_tickets')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
