import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * Groups (docs/api.md "Groups"): the group with its settings and member count, one row per member
 * (identity, nickname, remark, mute, pin), the group's blacklist, join applications and the notices
 * a user receives about groups (invited, removed, role changes).
 */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('groups'))
    .addColumn('group_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('welcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('limit_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirm_invite_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_protect_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banned_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('admin_count', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 active, 1 dissolved
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('groups_number_uq', ['group_number'])
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1 member, 2 admin, 3 owner
    .addColumn('identity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('group_nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('name_remark', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mute_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('join_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_id', 'bigint')
    .addColumn('top_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_send_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id']).execute();
  await db.schema
    .createIndex('group_members_identity')
    .on('group_members')
    .columns(['group_id', 'identity'])
    .execute();

  await db.schema
    .createTable('group_blacklist')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_blacklist_pk', ['group_id', 'user_id'])
    .execute();

  // status 0 pending, 1 agreed, 2 rejected. inviter_id set: an invitation awaiting approval.
  await withAutoId(db, db.schema.createTable('group_applications'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'bigint')
    .addColumn('join_type', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handler_id', 'bigint')
    // The applicant has seen the outcome.
    .addColumn('self_read', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_applications_group')
    .on('group_applications')
    .columns(['group_id', 'status'])
    .execute();
  await db.schema
    .createIndex('group_applications_user')
    .on('group_applications')
    .columns(['user_id', 'status'])
    .execute();

  await withAutoId(db, db.schema.createTable('group_notices'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_notices_user')
    .on('group_notices')
    .columns(['user_id', 'is_read'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['group_notices', 'group_applications', 'group_blacklist', 'group_members', 'groups']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
