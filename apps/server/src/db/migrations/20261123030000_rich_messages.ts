import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * Rich messages: image dimensions and derived sizes of uploads, merged chat records kept
 * apart from their originals, and favorites (docs/api.md "Uploads", "Forwarding", "Favorites").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('width', 'integer').execute();
  await db.schema.alterTable('uploads').addColumn('height', 'integer').execute();
  // Derived sizes (thumb, large) point at the upload they were made from.
  await db.schema.alterTable('uploads').addColumn('parent_key', 'varchar(64)').execute();
  await db.schema.alterTable('uploads').addColumn('variant', 'varchar(16)').execute();
  await db.schema.createIndex('uploads_parent').on('uploads').column('parent_key').execute();

  // A merged forward's messages as they were when forwarded (JSON), fetched by an unguessable key.
  await withAutoId(db, db.schema.createTable('merged_records'))
    .addColumn('download_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withAutoId(db, db.schema.createTable('favorites'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'integer', (c) => c.notNull())
    .addColumn('collected_user_id', 'bigint')
    .addColumn('collected_user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('top_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('favorites_owner').on('favorites').columns(['owner_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('favorites').ifExists().execute();
  await db.schema.dropTable('merged_records').ifExists().execute();
  await db.schema.dropIndex('uploads_parent').ifExists().execute();
  for (const c of ['variant', 'parent_key', 'height', 'width'])
    await db.schema.alterTable('uploads').dropColumn(c).execute();
}
