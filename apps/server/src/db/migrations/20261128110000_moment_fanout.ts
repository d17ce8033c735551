import type { AnyDb } from '../dialect.js';

/**
 * A moment's delivery to its viewers' inboxes, off the posting request
 * (docs/decisions/038-moments-fanout-queue.md): one row per moment not yet delivered to all of
 * them; `after_id` is the last friend id delivered (a chunk's inbox rows and its advance commit
 * together), and the row goes when the last chunk is in.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('moment_fanout')
    .addColumn('moment_id', 'bigint', (c) => c.primaryKey())
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addColumn('after_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('moment_fanout').ifExists().execute();
}
