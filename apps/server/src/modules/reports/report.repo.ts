import type { Insertable, Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { ReportsTable } from '../../db/schema.js';

export type ReportRow = Selectable<ReportsTable>;

/** SQL for stored reports. */
export class ReportRepo extends Repo {
  insert(row: Insertable<ReportsTable>): Promise<ReportRow> {
    return this.db.insertInto('reports').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Newest first, with the reporter's wtId and the target's public id. */
  async recent(limit: number) {
    return this.db
      .selectFrom('reports as r')
      .innerJoin('users as u', 'u.id', 'r.reporter_id')
      .leftJoin('users as tu', (j) => j.onRef('tu.id', '=', 'r.target_id').on('r.target_type', '=', 0))
      .leftJoin('groups as tg', (j) => j.onRef('tg.id', '=', 'r.target_id').on('r.target_type', '=', 1))
      .select([
        'r.id',
        'r.target_type',
        'r.complaint_type',
        'r.detail',
        'r.images',
        'r.status',
        'r.created_at',
        'u.wt_id as reporter',
        'tu.wt_id as target_user',
        'tg.group_number as target_group',
      ])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }
}
