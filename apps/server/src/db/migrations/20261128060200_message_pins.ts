import { withAutoId, type AnyDb } from '../dialect.js';

/** Messages pinned in one-to-one chats: one row per (conversation, message), shared by both sides. */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('message_pins'))
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('pinned_by', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'varchar(800)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('message_pins_conv_msg_uq', ['conversation_id', 'message_id'])
    .execute();
  await db.schema.createIndex('message_pins_message').on('message_pins').column('message_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('message_pins').execute();
}
