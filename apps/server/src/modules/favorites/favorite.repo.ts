import { sql, type Selectable } from 'kysely';
import { Repo } from '../../db/repo.js';
import type { FavoritesTable } from '../../db/schema.js';

export type FavoriteRow = Selectable<FavoritesTable>;

/** `%` and `_` matched literally in LIKE patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL of favorites; every query is scoped to its owner. */
export class FavoriteRepo extends Repo {
  async insert(row: Omit<FavoriteRow, 'id'>): Promise<FavoriteRow> {
    return this.db.insertInto('favorites').values(row).returningAll().executeTakeFirstOrThrow();
  }

  private scoped(ownerId: number, search?: string, contentType?: number) {
    let q = this.db.selectFrom('favorites').where('owner_id', '=', ownerId);
    if (search) {
      const pattern = `%${likeEscape(search.toLowerCase())}%`;
      // ESCAPE spelled out: SQLite has no default escape character for LIKE.
      q = q.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
    }
    if (contentType !== undefined)
      q =
        contentType === 1 || contentType === 7
          ? q.where('content_type', 'in', [1, 7])
          : q.where('content_type', '=', contentType);
    return q;
  }

  /** A page: pinned first (latest pinned first), then newest first. */
  async page(
    ownerId: number,
    o: { offset: number; limit: number; search?: string; contentType?: number },
  ): Promise<{ rows: FavoriteRow[]; total: number }> {
    const rows = await this.scoped(ownerId, o.search, o.contentType)
      .selectAll()
      .orderBy('top_status', 'desc')
      .orderBy('top_at', 'desc')
      .orderBy('id', 'desc')
      .limit(o.limit)
      .offset(o.offset)
      .execute();
    const count = await this.scoped(ownerId, o.search, o.contentType)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { rows, total: Number(count?.n ?? 0) };
  }

  byId(ownerId: number, id: number): Promise<FavoriteRow | undefined> {
    return this.db
      .selectFrom('favorites')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countOwned(ownerId: number, ids: number[]): Promise<number> {
    const r = await this.db
      .selectFrom('favorites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async deleteOwned(ownerId: number, ids: number[]): Promise<number> {
    const r = await this.db
      .deleteFrom('favorites')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async setTop(ownerId: number, id: number, top: 0 | 1, now: number): Promise<void> {
    await this.db
      .updateTable('favorites')
      .set({ top_status: top, top_at: top ? now : 0 })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  }
}
