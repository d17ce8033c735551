import { withAutoId, type AnyDb } from '../dialect.js';

/** Quick phrases and custom conversation tabs, each user's own. */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('quick_phrases'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word', 'varchar(800)', (c) => c.notNull())
    .addColumn('word_sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quick_phrases_owner')
    .on('quick_phrases')
    .columns(['owner_id', 'word_sort'])
    .execute();

  await withAutoId(db, db.schema.createTable('session_groups'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('hide_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_groups_owner')
    .on('session_groups')
    .columns(['owner_id', 'sort'])
    .execute();

  await db.schema
    .createTable('session_group_items')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('session_groups.id').onDelete('cascade'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_type', 'integer', (c) => c.notNull())
    .addColumn('relation_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_group_items_pk', ['group_id', 'session_type', 'relation_id'])
    .execute();
  await db.schema
    .createIndex('session_group_items_owner')
    .on('session_group_items')
    .column('owner_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_group_items').execute();
  await db.schema.dropTable('session_groups').execute();
  await db.schema.dropTable('quick_phrases').execute();
}
