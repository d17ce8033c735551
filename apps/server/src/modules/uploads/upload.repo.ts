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

  /** Whether one of the uploads `keys` was made from a file with one of these SHA-256 (hex). */
  async anyWithContent(keys: string[], sha256: readonly string[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('key', 'in', keys)
      .where('content_sha256', 'in', [...sha256])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The stored originals among `keys` with their thumbnail's key (null when the original is small). */
  async withThumbs(keys: string[]): Promise<(UploadRow & { thumb_key: string | null })[]> {
    if (keys.length === 0) return [];
    return this.db
      .selectFrom('uploads as u')
      .leftJoin('uploads as t', (j) => j.onRef('t.parent_key', '=', 'u.key').on('t.variant', '=', 'thumb'))
      .selectAll('u')
      .select('t.key as thumb_key')
      .where('u.key', 'in', keys)
      .where('u.parent_key', 'is', null)
      .execute();
  }
}
