import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../dialect.js';

/**
 * SQLite's message search index (FTS5, trigram) is filled in batches instead of by a trigger on every
 * insert (docs/performance.md "Messaging"): `search_index_state.last_id` is the last message id the
 * index holds, `SearchIndexer` adds the messages after it, and a search first brings the index up to
 * date. Deletes and edits of indexed messages still update the index through their triggers; of
 * messages not indexed yet they need not (the indexer will read the row as it is then).
 * PostgreSQL's trigram index is a plain index: nothing changes there.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS messages_fts_ai`.execute(db);
  await sql`CREATE TABLE search_index_state (id integer primary key check (id = 1), last_id bigint not null)`.execute(
    db,
  );
  await sql`INSERT INTO search_index_state (id, last_id) SELECT 1, coalesce(max(id), 0) FROM messages`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS messages_fts_ad`.execute(db);
  await sql`CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages
    WHEN old.id <= (SELECT last_id FROM search_index_state) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS messages_fts_au`.execute(db);
  await sql`CREATE TRIGGER messages_fts_au AFTER UPDATE OF search_text ON messages
    WHEN old.id <= (SELECT last_id FROM search_index_state) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO messages_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`INSERT INTO messages_fts(rowid, search_text)
    SELECT id, search_text FROM messages WHERE id > (SELECT last_id FROM search_index_state)`.execute(db);
  await sql`DROP TRIGGER IF EXISTS messages_fts_ad`.execute(db);
  await sql`DROP TRIGGER IF EXISTS messages_fts_au`.execute(db);
  await sql`DROP TABLE search_index_state`.execute(db);
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
