import type { Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { QuickPhrasesTable } from '../../db/schema.js';

export type QuickPhraseRow = Selectable<QuickPhrasesTable>;

/** SQL for quick phrases. Every query is scoped by the owner, so another user's phrase is unreachable. */
export class QuickPhraseRepo extends Repo {
  /** The owner's phrases (bounded by ToolLimits.quickPhrasesMax) in their order. */
  list(ownerId: number): Promise<QuickPhraseRow[]> {
    return this.db
      .selectFrom('quick_phrases')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('word_sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async ownedIds(ownerId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('quick_phrases')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  async insert(ownerId: number, word: string, wordSort: number, now: number): Promise<void> {
    await this.db
      .insertInto('quick_phrases')
      .values({ owner_id: ownerId, word, word_sort: wordSort, created_at: now, updated_at: now })
      .execute();
  }

  async update(ownerId: number, id: number, patch: { word: string; wordSort?: number }, now: number) {
    const res = await this.db
      .updateTable('quick_phrases')
      .set({
        word: patch.word,
        ...(patch.wordSort !== undefined && { word_sort: patch.wordSort }),
        updated_at: now,
      })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Gives each of `ids` (already checked to be the owner's) its index as sort key. */
  async reorder(ownerId: number, ids: number[], now: number): Promise<void> {
    await this.atomic(async (trx) => {
      for (const [i, id] of ids.entries()) {
        await trx
          .updateTable('quick_phrases')
          .set({ word_sort: i, updated_at: now })
          .where('owner_id', '=', ownerId)
          .where('id', '=', id)
          .execute();
      }
    });
  }

  async deleteMany(ownerId: number, ids: number[]): Promise<void> {
    await this.db
      .deleteFrom('quick_phrases')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .execute();
  }
}
