import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../dialect.js';

/**
 * Moderation after the fact:
 * - `users.send_banned_until`: until then (unix ms) the user may not send messages (20012); an
 *   operator sets it (`parley user ban`). The send path reads it with the parties,
 *   so on SQLite an update of it moves the send thread's `stable_epoch` like the other party columns.
 * - `uploads.content_sha256`: the SHA-256 of the file an upload was made from (derived image sizes
 *   carry their original's), so a message naming an upload whose content was banned after it was
 *   stored (UPLOAD_BANNED_SHA256) is refused (80004 for an image, 4005 for a file). Uploads stored
 *   before this migration have none and are not checked.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('send_banned_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('uploads').addColumn('content_sha256', 'varchar(64)').execute();
  if (isPostgres(db)) return;
  await sql`DROP TRIGGER users_epoch_au`.execute(db);
  await sql`CREATE TRIGGER users_epoch_au AFTER UPDATE OF wt_id, nick_name, avatar, status, send_banned_until
    ON users BEGIN UPDATE stable_epoch SET n = n + 1; END`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER users_epoch_au`.execute(db);
    await sql`CREATE TRIGGER users_epoch_au AFTER UPDATE OF wt_id, nick_name, avatar, status
      ON users BEGIN UPDATE stable_epoch SET n = n + 1; END`.execute(db);
  }
  await db.schema.alterTable('uploads').dropColumn('content_sha256').execute();
  await db.schema.alterTable('users').dropColumn('send_banned_until').execute();
}
