import type { AnyDb } from '../dialect.js';

/** Emoji reactions on messages: one row per (message, user, emoji). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'emoji', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('message_reactions').execute();
}
