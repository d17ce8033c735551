import { Repo } from '../../db/repo.js';

/** SQL for the unfinished resumable uploads and the storage a user holds. */
export class ResumableRepo extends Repo {
  async open(id: string, ownerId: number, length: number, now: number): Promise<void> {
    await this.db
      .insertInto('resumable_uploads')
      .values({ id, owner_id: ownerId, length, created_at: now, touched_at: now })
      .execute();
  }

  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('resumable_uploads').set({ touched_at: now }).where('id', '=', id).execute();
  }

  async close(id: string): Promise<void> {
    await this.db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
  }

  async openCount(ownerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('resumable_uploads')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Bytes the user holds: stored originals (not their derived sizes) and open resumable uploads. */
  async bytesHeld(ownerId: number): Promise<number> {
    const stored = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<string | number | null>('size').as('n'))
      .where('owner_id', '=', ownerId)
      .where('parent_key', 'is', null)
      .executeTakeFirst();
    const open = await this.db
      .selectFrom('resumable_uploads')
      .select((eb) => eb.fn.sum<string | number | null>('length').as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(stored?.n ?? 0) + Number(open?.n ?? 0);
  }

  /** Ids of uploads idle since before `before`, at most `limit`. */
  async staleIds(before: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('resumable_uploads')
      .select('id')
      .where('touched_at', '<', before)
      .orderBy('touched_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}
