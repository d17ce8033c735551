import { withAutoId, type AnyDb } from '../dialect.js';

/** Files stored through POST /api/oss/upload. `key` is `{uuid}.{ext}`. */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('uploads'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner').on('uploads').column('owner_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('uploads').ifExists().execute();
}
