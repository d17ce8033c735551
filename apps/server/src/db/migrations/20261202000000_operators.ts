import type { AnyDb } from '../dialect.js';

/**
 * `users.is_operator`: 1 for an account that may use the admin console (docs/operations.md "Admin
 * console"). Only the operator CLI sets it (`parley admin grant` / `revoke`); no route changes it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_operator').execute();
}
