import { withAutoId, type AnyDb } from '../dialect.js';

export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('users'))
    .addColumn('wt_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('pwd_hash', 'varchar(256)', (c) => c.notNull())
    .addColumn('step2_hash', 'varchar(256)')
    .addColumn('step2_tips', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_code', 'integer')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await db.schema
    .createTable('user_configs')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_word_switch', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('web_media_switch', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_preview', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_sound', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('qr_logins')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of ['qr_logins', 'login_tickets', 'user_configs', 'auth_tokens', 'users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
