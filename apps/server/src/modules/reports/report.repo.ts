import type { Insertable, Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { ReportsTable } from '../../db/schema.js';

export type ReportRow = Selectable<ReportsTable>;

/** SQL for stored reports. */
export class ReportRepo extends Repo {
  insert(row: Insertable<ReportsTable>): Promise<ReportRow> {
    return this.db.insertInto('reports').values(row).returningAll().executeTakeFirstOrThrow();
  }

  private listed() {
    return this.db
      .selectFrom('reports as r')
      .innerJoin('users as u', 'u.id', 'r.reporter_id')
      .leftJoin('users as tu', (j) => j.onRef('tu.id', '=', 'r.target_id').on('r.target_type', '=', 0))
      .leftJoin('groups as tg', (j) => j.onRef('tg.id', '=', 'r.target_id').on('r.target_type', '=', 1))
      .select([
        'r.id',
        'r.target_type',
        'r.target_id',
        'r.complaint_type',
        'r.detail',
        'r.images',
        'r.status',
        'r.created_at',
        'u.wt_id as reporter',
        'tu.wt_id as target_user',
        'tg.group_number as target_group',
      ]);
  }

  /** Newest first, with the reporter's wtId and the target's public id. */
  async recent(limit: number) {
    return this.listed().orderBy('r.id', 'desc').limit(limit).execute();
  }

  /** The queue: newest first, of one status when given. */
  page(status: number | undefined, offset: number, limit: number) {
    let q = this.listed();
    if (status !== undefined) q = q.where('r.status', '=', status);
    return q.orderBy('r.id', 'desc').offset(offset).limit(limit).execute();
  }

  async count(status: number | undefined): Promise<number> {
    let q = this.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n'));
    if (status !== undefined) q = q.where('status', '=', status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  byId(id: number): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setStatus(id: number, status: number): Promise<void> {
    await this.db.updateTable('reports').set({ status }).where('id', '=', id).execute();
  }
}
