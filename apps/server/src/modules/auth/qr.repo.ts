import { Repo } from '../../db/repo.js';
import type { Selectable } from 'kysely';
import type { QrLoginsTable } from '../../db/schema.js';

export type QrRow = Selectable<QrLoginsTable>;

export { QrStatus } from '../../policies/qr.policy.js';

/** SQL for QR login codes (stored by hash). */
export class QrRepo extends Repo {
  async insert(row: QrRow): Promise<void> {
    await this.db.insertInto('qr_logins').values(row).execute();
  }

  get(code: string): Promise<QrRow | undefined> {
    return this.db.selectFrom('qr_logins').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Moves a code from one of `from` to `to`; false if another request moved it first. */
  async transition(code: string, from: number[], to: number, userId?: number): Promise<boolean> {
    const res = await this.db
      .updateTable('qr_logins')
      .set(userId === undefined ? { status: to } : { status: to, user_id: userId })
      .where('code', '=', code)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('qr_logins').where('expires_at', '<', before).execute();
  }
}
