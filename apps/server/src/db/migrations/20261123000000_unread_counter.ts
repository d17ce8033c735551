import { sql } from 'kysely';
import type { AnyDb } from '../dialect.js';

/**
 * Stored unread count per conversation member (docs/architecture.md "Data model"): a new message adds
 * one for its receiver in the same statement that shows the conversation, and reads, clears, revokes
 * and deletes recount that one conversation. Counting every unread message of a user on each new
 * message cost O(unread) per message (docs/performance.md "Messaging").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('conversation_members')
    .addColumn('unread', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update conversation_members set unread = (
      select count(*) from messages msg
      where msg.conversation_id = conversation_members.conversation_id
        and msg.seq > conversation_members.read_seq
        and msg.seq > conversation_members.cleared_seq
        and msg.sender_id <> conversation_members.user_id
        and msg.revoked = 0
        and (msg.visible_to is null or msg.visible_to = conversation_members.user_id)
        and not exists (
          select 1 from message_hides h
          where h.message_id = msg.id and h.user_id = conversation_members.user_id
        )
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('conversation_members').dropColumn('unread').execute();
}
