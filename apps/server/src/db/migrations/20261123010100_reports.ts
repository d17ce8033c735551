import { withAutoId, type AnyDb } from '../dialect.js';

/** Reports of users and groups (docs/api.md "Reports"), kept for an operator. */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 0 user, 1 group
    .addColumn('target_type', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('complaint_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    // 0 new, 1 handled
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_created').on('reports').columns(['status', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reports').ifExists().execute();
}
