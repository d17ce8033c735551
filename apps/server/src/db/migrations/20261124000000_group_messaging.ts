import type { AnyDb } from '../dialect.js';

/**
 * Group messaging (docs/architecture.md "Group messaging"): a group's conversation row names its
 * group and carries a change counter (`version`, bumped by every message and every change to one);
 * each message keeps the version of its last change, so "what changed after v" is one indexed range.
 * A member's row keeps its state in the group (0 member, 4 removed, 5 dissolved, 8 quit), the
 * sequence its history ends at once it left, and the sequence it joined at (receipts). Mentions are
 * stored for the mentioned users only (user 0: everyone).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('group_id', 'bigint').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('conversations_group_uq')
    .on('conversations')
    .column('group_id')
    .unique()
    .execute();

  for (const column of ['state', 'until_seq', 'joined_seq']) {
    await db.schema
      .alterTable('conversation_members')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Receipts count a group's members by read cursor.
  await db.schema
    .createIndex('conversation_members_read')
    .on('conversation_members')
    .columns(['conversation_id', 'read_seq'])
    .execute();

  await db.schema
    .alterTable('messages')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('messages_conversation_version')
    .on('messages')
    .columns(['conversation_id', 'version'])
    .execute();
  // Admin revoke of everything a member sent.
  await db.schema
    .createIndex('messages_conversation_sender')
    .on('messages')
    .columns(['conversation_id', 'sender_id', 'seq'])
    .execute();

  await db.schema
    .createTable('message_mentions')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull())
    /** The mentioned user; 0 for @all. */
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_mentions_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('message_mentions_user')
    .on('message_mentions')
    .columns(['conversation_id', 'user_id', 'seq'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('message_mentions').execute();
  await db.schema.dropIndex('messages_conversation_sender').execute();
  await db.schema.dropIndex('messages_conversation_version').execute();
  await db.schema.alterTable('messages').dropColumn('version').execute();
  await db.schema.dropIndex('conversation_members_read').execute();
  for (const column of ['state', 'until_seq', 'joined_seq']) {
    await db.schema.alterTable('conversation_members').dropColumn(column).execute();
  }
  await db.schema.dropIndex('conversations_group_uq').execute();
  await db.schema.alterTable('conversations').dropColumn('version').execute();
  await db.schema.alterTable('conversations').dropColumn('group_id').execute();
}
