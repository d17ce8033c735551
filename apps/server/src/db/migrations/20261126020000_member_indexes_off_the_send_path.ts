import { sql } from 'kysely';
import type { AnyDb } from '../dialect.js';

/**
 * Member rows (`conversation_members`) keep only indexes a new message does not change
 * (docs/decisions/010-send-data-model.md). Every one-to-one message moves both members'
 * `activity_at` and the sender's `read_seq`, so each of these indexes took a delete and an insert per
 * member and message:
 * - `conversation_members_list` (user, visible, pinned, activity): the conversation list sorts by an
 *   expression over the member and its conversation, which no index serves, so only its user column
 *   was ever used. An index on the user alone does the same and no send touches it.
 * - `conversation_members_read` (conversation, read cursor): group receipts filter a conversation's
 *   members, which the primary key (conversation, user) already finds in order.
 * On PostgreSQL a member update that changes no indexed column is also a heap-only update.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`DROP INDEX conversation_members_list`.execute(db);
  await sql`DROP INDEX conversation_members_read`.execute(db);
  await db.schema
    .createIndex('conversation_members_user')
    .on('conversation_members')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await sql`DROP INDEX conversation_members_user`.execute(db);
  await db.schema
    .createIndex('conversation_members_list')
    .on('conversation_members')
    .columns(['user_id', 'visible', 'pinned', 'activity_at'])
    .execute();
  await db.schema
    .createIndex('conversation_members_read')
    .on('conversation_members')
    .columns(['conversation_id', 'read_seq'])
    .execute();
}
