import type { AnyDb } from '../dialect.js';

/**
 * A one-to-one message carries its two members' sync versions (docs/architecture.md "Sync of one-to-one chats"), so a
 * new message needs no change-log rows: sync finds new messages through the conversations whose
 * last message is newer than the client's version, and each conversation's messages after the last
 * one the client had. The log (`sync_log`, one row per user and change, clustered by user) cost a
 * random b-tree insert per member and message, the largest single cost of a send under load
 * (docs/decisions/010-send-data-model.md); it keeps the rarer changes (revokes, deletes, reads,
 * conversation settings). Messages stored before this migration keep their log rows and 0 here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('sender_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('receiver_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('receiver_version').execute();
  await db.schema.alterTable('messages').dropColumn('sender_version').execute();
}
