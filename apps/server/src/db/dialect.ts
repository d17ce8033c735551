import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Kysely migrations are typed against an unknown schema by design.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-increment integer primary key `id` that works on both dialects. */
export function withAutoId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
