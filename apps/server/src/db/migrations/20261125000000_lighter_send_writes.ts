import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../dialect.js';

/**
 * Fewer index writes per one-to-one message (docs/performance.md "Delivery over sockets"):
 * - The two message indexes only group features read (sync by group version; an admin revoking all a
 *   member sent) hold group messages only: those carry their conversation's version (≥ 1), one-to-one
 *   messages keep 0. Queries that use them repeat the `version > 0` term, so the planner may.
 * - SQLite: the per-user change log is stored in its primary key's order (WITHOUT ROWID), one B-tree
 *   instead of a table plus its key index. PostgreSQL's tables are heaps with the key index anyway.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`DROP INDEX messages_conversation_version`.execute(db);
  await sql`DROP INDEX messages_conversation_sender`.execute(db);
  await sql`CREATE INDEX messages_conversation_version ON messages (conversation_id, version) WHERE version > 0`.execute(
    db,
  );
  await sql`CREATE INDEX messages_conversation_sender ON messages (conversation_id, sender_id, seq) WHERE version > 0`.execute(
    db,
  );
  if (isPostgres(db)) return;
  await rebuildSyncLog(db, 'WITHOUT ROWID');
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX messages_conversation_version`.execute(db);
  await sql`DROP INDEX messages_conversation_sender`.execute(db);
  await sql`CREATE INDEX messages_conversation_version ON messages (conversation_id, version)`.execute(db);
  await sql`CREATE INDEX messages_conversation_sender ON messages (conversation_id, sender_id, seq)`.execute(
    db,
  );
  if (isPostgres(db)) return;
  await rebuildSyncLog(db, '');
}

async function rebuildSyncLog(db: AnyDb, options: string): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE sync_log_new (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        version bigint NOT NULL,
        conversation_id bigint NOT NULL,
        message_id bigint,
        CONSTRAINT sync_log_pk PRIMARY KEY (user_id, version)
      ) ${options}`,
    )
    .execute(db);
  await sql`INSERT INTO sync_log_new (user_id, version, conversation_id, message_id)
    SELECT user_id, version, conversation_id, message_id FROM sync_log`.execute(db);
  await sql`DROP TABLE sync_log`.execute(db);
  await sql`ALTER TABLE sync_log_new RENAME TO sync_log`.execute(db);
}
