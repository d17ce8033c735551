import { withAutoId, type AnyDb } from '../dialect.js';

/** Friends, friend applications, blacklist, tags and tag members. */
export async function up(db: AnyDb): Promise<void> {
  // One row per side: owner_id sees friend_id with its own remark and moments flags.
  await withAutoId(db, db.schema.createTable('friendships'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remark', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('friends_space_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mine_space_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('apply_source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('friendships_owner_friend_uq', ['owner_id', 'friend_id'])
    .execute();
  await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();

  // One row per (from, to): re-applying renews it instead of adding another.
  await withAutoId(db, db.schema.createTable('friend_applications'))
    .addColumn('from_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .addUniqueConstraint('friend_applications_from_to_uq', ['from_id', 'to_id'])
    .execute();
  await db.schema
    .createIndex('friend_applications_to')
    .on('friend_applications')
    .columns(['to_id', 'updated_at'])
    .execute();

  await withAutoId(db, db.schema.createTable('blacklist'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blacklist_owner_target_uq', ['owner_id', 'target_id'])
    .execute();
  await db.schema.createIndex('blacklist_target').on('blacklist').column('target_id').execute();

  await withAutoId(db, db.schema.createTable('tags'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tags_owner_name_uq', ['owner_id', 'name'])
    .execute();

  // owner_id repeats the tag's owner so "tags of one friend" is one indexed lookup.
  await db.schema
    .createTable('tag_members')
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_members_pk', ['tag_id', 'friend_id'])
    .execute();
  await db.schema
    .createIndex('tag_members_owner_friend')
    .on('tag_members')
    .columns(['owner_id', 'friend_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['tag_members', 'tags', 'blacklist', 'friend_applications', 'friendships']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
