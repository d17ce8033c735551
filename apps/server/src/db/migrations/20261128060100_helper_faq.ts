import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * The official helper's FAQ and its texts (welcome, no-match), loaded from the operator's file by
 * `parley helper faq <file.json>`.
 */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('helper_faq'))
    .addColumn('question', 'varchar(400)', (c) => c.notNull())
    .addColumn('reply_msg', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('img_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('helper_texts')
    .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('helper_texts').execute();
  await db.schema.dropTable('helper_faq').execute();
}
