import type { AnyDb } from '../dialect.js';

/**
 * `user_configs.language`: the language the user chose in the client (zh-CN, en or ja), null when
 * never chosen. The server answers error texts in it when a request names no language
 * (docs/api.md "Languages").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_configs').addColumn('language', 'varchar(8)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_configs').dropColumn('language').execute();
}
