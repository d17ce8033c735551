import { sql } from 'kysely';
import { isPostgres, withAutoId, type AnyDb } from '../dialect.js';

/**
 * The paid features:
 * - `translation_cache`: one provider answer per (message, target language; 'text' for a
 *   transcript), so asking again does not call the provider. A revoke drops the message's rows: a
 *   trigger on `messages.revoked`, so every revoke path (one-to-one, group, revoke-all, the send
 *   thread's connection, another node) drops them in its own transaction.
 * - `member_codes`: single-use membership codes, stored as their SHA-256.
 * - `users.vip_until`: the end of a redeemed membership (0: none, or an operator's grant without end).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('translation_cache')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('source_language', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_cache_pk', ['message_id', 'lang'])
    .execute();
  await withAutoId(db, db.schema.createTable('member_codes'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('redeemed_by', 'bigint')
    .addColumn('redeemed_at', 'bigint')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('vip_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_vip_until').on('users').column('vip_until').execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION translation_cache_drop() RETURNS trigger AS $$
      BEGIN DELETE FROM translation_cache WHERE message_id = NEW.id; RETURN NEW; END
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER messages_revoked_drop_translations AFTER UPDATE OF revoked ON messages
      FOR EACH ROW WHEN (NEW.revoked = 1 AND OLD.revoked = 0)
      EXECUTE FUNCTION translation_cache_drop()`.execute(db);
  } else {
    await sql`CREATE TRIGGER messages_revoked_drop_translations AFTER UPDATE OF revoked ON messages
      FOR EACH ROW WHEN NEW.revoked = 1 AND OLD.revoked = 0
      BEGIN DELETE FROM translation_cache WHERE message_id = NEW.id; END`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP TRIGGER messages_revoked_drop_translations${sql.raw(isPostgres(db) ? ' ON messages' : '')}`.execute(
    db,
  );
  if (isPostgres(db)) await sql`DROP FUNCTION translation_cache_drop()`.execute(db);
  await db.schema.dropIndex('users_vip_until').execute();
  await db.schema.alterTable('users').dropColumn('vip_until').execute();
  await db.schema.dropTable('member_codes').execute();
  await db.schema.dropTable('translation_cache').execute();
}
