import type { Insertable } from 'kysely';
import type { AdminAuditTable } from '../../db/schema.js';
import { Repo } from '../../db/repo.js';

export interface AuditFilter {
  action?: string | undefined;
  operatorId?: number | undefined;
  target?: string | undefined;
}

export interface AuditRow {
  id: number;
  operator_wt_id: string;
  action: string;
  target: string;
  before_json: string;
  after_json: string;
  ip: string;
  created_at: number;
}

/** SQL of the admin audit log: rows are only ever added. */
export class AuditRepo extends Repo {
  async add(row: Insertable<AdminAuditTable>): Promise<void> {
    await this.db.insertInto('admin_audit').values(row).execute();
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('admin_audit as a').innerJoin('users as u', 'u.id', 'a.operator_id');
    if (f.action) q = q.where('a.action', '=', f.action);
    if (f.operatorId !== undefined) q = q.where('a.operator_id', '=', f.operatorId);
    if (f.target) q = q.where('a.target', '=', f.target.toLowerCase());
    return q;
  }

  /** Newest first. */
  page(f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
    return this.filtered(f)
      .select([
        'a.id',
        'u.wt_id as operator_wt_id',
        'a.action',
        'a.target',
        'a.before_json',
        'a.after_json',
        'a.ip',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(f: AuditFilter): Promise<number> {
    const row = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
