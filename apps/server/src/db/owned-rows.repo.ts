import type { Executor } from './executor.js';

/** Tables of rows one user owns by `owner_id`, with children that name them (friend tags, conversation tabs). */
const OWNED = {
  tags: { children: 'tag_members', parentKey: 'tag_id' },
  session_groups: { children: 'session_group_items', parentKey: 'group_id' },
} as const;
export type OwnedTable = keyof typeof OWNED;

/**
 * The shared statements of per-owner rows: which ids the owner has, an owner-scoped update, and a
 * delete that takes the children first. Every statement is scoped by the owner, so no other
 * user's row is reached whatever id a caller names.
 */
export const ownedRows = {
  async ids(db: Executor, table: OwnedTable, ownerId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  },

  async count(db: Executor, table: OwnedTable, ownerId: number): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Sets `patch` and `updated_at` on the owner's row `id`. */
  async update(
    db: Executor,
    table: OwnedTable,
    ownerId: number,
    id: number,
    patch: Record<string, string | number>,
    now: number,
  ): Promise<void> {
    await db
      .updateTable(table)
      .set({ ...patch, updated_at: now })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  },

  /** Deletes the owner's rows among `ids`, their children first; answers how many rows went. */
  async deleteWithChildren(db: Executor, table: OwnedTable, ownerId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { children, parentKey } = OWNED[table];
    await db.deleteFrom(children).where('owner_id', '=', ownerId).where(parentKey, 'in', ids).execute();
    const res = await db
      .deleteFrom(table)
      .where('owner_id', '=', ownerId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  },
};
