import { sql } from 'kysely';
import { isPostgres, withAutoId, type AnyDb } from '../dialect.js';

/**
 * Moments (朋友圈): posts, each viewer's inbox of the posts addressed to them (fan-out on write,
 * docs/decisions/020-moments-feed-inbox.md), likes, comments and notices.
 */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('moments'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON: {images: [{url, thumbUrl, width, height}], video: {url, snapshotUrl} | null}
    .addColumn('media', 'text', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull())
    // JSON array of the author's tag ids (visibility 2 and 3).
    .addColumn('tag_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moments_author_id').on('moments').columns(['author_id', 'id']).execute();

  // One row per (viewer, moment) the moment was addressed to when posted; a feed page is one range
  // of the primary key. No foreign keys: rows go with their moment (deleted with it).
  let inbox = db.schema
    .createTable('moment_inbox')
    .addColumn('viewer_id', 'bigint', (c) => c.notNull())
    .addColumn('moment_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_inbox_pk', ['viewer_id', 'moment_id']);
  if (!isPostgres(db)) inbox = inbox.modifyEnd(sql`without rowid`);
  await inbox.execute();
  await db.schema.createIndex('moment_inbox_moment').on('moment_inbox').column('moment_id').execute();

  await db.schema
    .createTable('moment_likes')
    .addColumn('moment_id', 'bigint', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_likes_pk', ['moment_id', 'user_id'])
    .execute();

  await withAutoId(db, db.schema.createTable('moment_comments'))
    .addColumn('moment_id', 'bigint', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reply_to_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moment_comments_moment')
    .on('moment_comments')
    .columns(['moment_id', 'id'])
    .execute();

  await withAutoId(db, db.schema.createTable('moment_notices'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('moment_id', 'bigint', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('comment_id', 'bigint', (c) => c.references('moment_comments.id').onDelete('cascade'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moment_notices_user')
    .on('moment_notices')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('moment_notices_unread')
    .on('moment_notices')
    .columns(['user_id', 'is_read'])
    .execute();
  await db.schema.createIndex('moment_notices_moment').on('moment_notices').column('moment_id').execute();
  await db.schema.createIndex('moment_notices_comment').on('moment_notices').column('comment_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['moment_notices', 'moment_comments', 'moment_likes', 'moment_inbox', 'moments'])
    await db.schema.dropTable(t).ifExists().execute();
}
