import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../dialect.js';

/**
 * SQLite: the message search index (FTS5, trigram) keeps which messages hold each trigram, without
 * the positions (`detail=none`) or a per-message size record (`columnsize=0`). Search is a substring
 * `LIKE` on that table, and FTS5 checks every candidate's text against the pattern itself, so the
 * answers are the same; nothing ranks by size. Indexing a message costs about 40 % less and a database
 * of 150,000 messages with its index is about a third smaller (docs/performance.md "Thirteenth
 * session"). The index is rebuilt with
 * the messages it held (up to `search_index_state.last_id`); the indexer adds the rest as before.
 * Its triggers (edit, delete) name the table and need no change.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, ', detail=none, columnsize=0');
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await recreate(db, '');
}

async function recreate(db: AnyDb, options: string): Promise<void> {
  await sql`DROP TABLE messages_fts`.execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE messages_fts USING fts5(search_text, content='messages', content_rowid='id',
        tokenize='trigram'${options})`,
    )
    .execute(db);
  await sql`INSERT INTO messages_fts(rowid, search_text)
    SELECT id, search_text FROM messages WHERE id <= (SELECT last_id FROM search_index_state)`.execute(db);
}
