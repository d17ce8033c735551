import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * Group calls: `calls.group_id` names the group of a group call (null: one-to-one; its caller is who
 * started it, and its callee column repeats the caller). `call_members` holds each person's part in a
 * group call: state (ringing, joined, left, rejected, timeout, busy, canceled), the socket connection
 * holding it, liveness, and the metered time (the current span from `joined_at`, closed spans summed in
 * `metered_ms`, counted on the UTC day of `metered_from`).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('group_id', 'bigint', (c) => c.references('groups.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('calls_group_status').on('calls').columns(['group_id', 'status']).execute();

  await withAutoId(db, db.schema.createTable('call_members'))
    .addColumn('call_id', 'bigint', (c) => c.notNull().references('calls.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('conn', 'varchar(64)')
    .addColumn('invited_by', 'bigint')
    .addColumn('invited_at', 'bigint', (c) => c.notNull())
    .addColumn('invite_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addColumn('joined_at', 'bigint')
    .addColumn('metered_from', 'bigint')
    .addColumn('metered_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('call_members_call_user_uq', ['call_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('call_members_user_state')
    .on('call_members')
    .columns(['user_id', 'state'])
    .execute();
  await db.schema
    .createIndex('call_members_user_metered')
    .on('call_members')
    .columns(['user_id', 'metered_from'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('call_members').ifExists().execute();
  await db.schema.dropIndex('calls_group_status').execute();
  await db.schema.alterTable('calls').dropColumn('group_id').execute();
}
