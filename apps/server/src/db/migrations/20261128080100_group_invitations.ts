import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * `group_invitations`: a user named in a group creation or invitation by someone who is not their
 * friend joins only once they accept (status 0 waiting, 1 accepted, 2 declined). One row per group
 * and invited user, renewed when invited again.
 */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('group_invitations'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('group_invitations_group_user_uq', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_invitations_user')
    .on('group_invitations')
    .columns(['user_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('group_invitations').ifExists().execute();
}
