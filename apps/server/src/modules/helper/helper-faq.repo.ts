import type { Insertable, Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { HelperFaqTable } from '../../db/schema.js';

export type HelperFaqRow = Selectable<HelperFaqTable>;

/** SQL for the helper's FAQ (a small operator-edited table, read whole). */
export class HelperFaqRepo extends Repo {
  list(): Promise<HelperFaqRow[]> {
    return this.db.selectFrom('helper_faq').selectAll().orderBy('sort').orderBy('id').execute();
  }

  byId(id: number): Promise<HelperFaqRow | undefined> {
    return this.db.selectFrom('helper_faq').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async text(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('helper_texts')
      .select('text')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.text;
  }

  /** Replaces the whole FAQ and its texts (the operator's file). */
  async replace(
    items: Omit<Insertable<HelperFaqTable>, 'id'>[],
    texts: Record<string, string>,
  ): Promise<void> {
    await this.atomic(async (trx) => {
      await trx.deleteFrom('helper_faq').execute();
      if (items.length > 0) await trx.insertInto('helper_faq').values(items).execute();
      await trx.deleteFrom('helper_texts').execute();
      const rows = Object.entries(texts).map(([key, text]) => ({ key, text }));
      if (rows.length > 0) await trx.insertInto('helper_texts').values(rows).execute();
    });
  }
}
