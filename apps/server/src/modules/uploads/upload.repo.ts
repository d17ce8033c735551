import { Repo } from '../../db/repo.js';
import type { Insertable, Selectable } from 'kysely';
import type { UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

/** SQL for the record of each stored upload. */
export class UploadRepo extends Repo {
  async insert(row: Insertable<UploadsTable>): Promise<UploadRow> {
    return this.db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
  }

  byKey(key: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
  }
}
