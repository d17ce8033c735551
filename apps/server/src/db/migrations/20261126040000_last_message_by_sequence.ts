import { sql } from 'kysely';
import type { AnyDb } from '../dialect.js';

/**
 * A conversation's last message is the one at its last sequence, found through the messages'
 * (conversation, seq) index when a list or a sync needs it (conversation.repo.ts `lastMessageIdOfC`).
 * The copy of its id on the conversation row cost every send one more UPDATE of that row
 * (docs/decisions/010-send-data-model.md); it goes.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('last_message_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('last_message_id', 'bigint').execute();
  await sql`UPDATE conversations SET last_message_id = (SELECT m.id FROM messages m
    WHERE m.conversation_id = conversations.id AND m.seq = conversations.last_seq)`.execute(db);
}
