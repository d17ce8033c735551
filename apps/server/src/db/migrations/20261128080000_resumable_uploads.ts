import type { AnyDb } from '../dialect.js';

/**
 * `resumable_uploads`: one row per unfinished resumable (tus) upload: its owner, declared length and
 * last activity. A user may hold UPLOAD_OPEN_MAX of them; one idle for UPLOAD_STALE_MS is removed with
 * its bytes; their declared lengths count toward the owner's storage quota until they finish.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resumable_uploads_owner').on('resumable_uploads').column('owner_id').execute();
  await db.schema
    .createIndex('resumable_uploads_touched')
    .on('resumable_uploads')
    .column('touched_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('resumable_uploads').ifExists().execute();
}
