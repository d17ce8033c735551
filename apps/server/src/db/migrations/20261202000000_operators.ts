import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * The admin console (docs/operations.md "Admin console"):
 * - `users.is_operator`: 1 for an account that may use it. Only the operator CLI sets it
 *   (`parley admin grant` / `revoke`); no route changes it.
 * - `auth_tokens.admin_confirmed_at`: when (unix ms) the session last confirmed its password for
 *   destructive admin actions (`POST /admin/confirm`); null: never.
 * - `admin_audit`: one row per admin action, written in the action's transaction; no route edits it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('auth_tokens').addColumn('admin_confirmed_at', 'bigint').execute();
  await withAutoId(db, db.schema.createTable('admin_audit'))
    .addColumn('operator_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('admin_audit').ifExists().execute();
  await db.schema.alterTable('auth_tokens').dropColumn('admin_confirmed_at').execute();
  await db.schema.alterTable('users').dropColumn('is_operator').execute();
}
