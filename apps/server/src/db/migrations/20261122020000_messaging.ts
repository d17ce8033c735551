import { sql } from 'kysely';
import { isPostgres, withAutoId, type AnyDb } from '../dialect.js';

/**
 * Messaging: conversations with a per-conversation sequence, one stored copy per message,
 * per-member state (read cursor, pin, mute, marks, draft, cleared history), per-user hides, and a
 * per-user change log for sync (docs/api.md "Messages and conversations").
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  // One row per conversation. C2C: `c2c_key` = '<smaller user id>:<larger user id>'.
  await withAutoId(db, db.schema.createTable('conversations'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('c2c_key', 'varchar(64)')
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'bigint')
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('conversations_c2c_key_uq', ['c2c_key'])
    .execute();

  // Per user and conversation. `visible` 0 = deleted from the list (a new message shows it again).
  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('peer_id', 'bigint')
    .addColumn('read_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom_data', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('draft', 'text')
    .addColumn('activity_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['user_id', 'visible', 'pinned', 'activity_at'])
    .execute();

  // One stored copy per message. `visible_to` set: a notice only that user sees.
  await withAutoId(db, db.schema.createTable('messages'))
    .addColumn('msg_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('sender_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_msg_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('cloud_custom_data', 'text')
    .addColumn('need_read_receipt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoker', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('risky', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible_to', 'bigint')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('messages_msg_id_uq', ['msg_id'])
    .addUniqueConstraint('messages_conversation_seq_uq', ['conversation_id', 'seq'])
    .addUniqueConstraint('messages_sender_client_uq', ['sender_id', 'client_msg_id'])
    .execute();

  // Messages one user deleted for themselves.
  await db.schema
    .createTable('message_hides')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_hides_pk', ['user_id', 'message_id'])
    .execute();

  // Per-user change version (like Telegram's pts) and the log of what changed at each version.
  await db.schema
    .createTable('sync_versions')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sync_log')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint')
    .addPrimaryKeyConstraint('sync_log_pk', ['user_id', 'version'])
    .execute();

  // Search: trigram indexes so Chinese substrings match ('你好' finds '你好吗').
  if (pg) {
    // pg_trgm makes ILIKE '%…%' indexable. Without the right to create it, search still works
    // (a scan): the savepoint keeps the migration's transaction usable. A new extension goes into
    // `public`, never into a deployment's own schema (DATABASE_SCHEMA): dropping that schema would
    // drop the extension, and with it the search indexes of every other schema in the database.
    await sql`SAVEPOINT parley_trgm`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
      await sql`RELEASE SAVEPOINT parley_trgm`.execute(db);
      // The operator class lives in the schema the extension was installed in (maybe not ours).
      const { rows } = await sql<{ nspname: string }>`SELECT n.nspname FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
      const ops = sql.id(rows[0]?.nspname ?? 'public', 'gin_trgm_ops');
      await sql`CREATE INDEX messages_search_trgm ON messages USING gin (search_text ${ops})`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT parley_trgm`.execute(db);
    }
  } else {
    await sql`CREATE VIRTUAL TABLE messages_fts USING fts5(search_text, content='messages', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER messages_fts_au AFTER UPDATE OF search_text ON messages BEGIN
      INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO messages_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE IF EXISTS messages_fts`.execute(db);
  for (const t of ['sync_log', 'sync_versions', 'message_hides', 'messages', 'conversation_members']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.dropTable('conversations').ifExists().execute();
}
