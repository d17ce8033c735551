import { withAutoId, type AnyDb } from '../dialect.js';

/**
 * One-to-one calls: `calls` is the signalling record the server owns (so a restart or a
 * second node keeps it); `call_usage` is the daily call-time record of the caller's connected calls
 * (/media/call, /media/uploadCall, /media/exitCall).
 */
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('calls'))
    .addColumn('call_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('room_id', 'bigint', (c) => c.notNull())
    .addColumn('media_type', 'integer', (c) => c.notNull())
    .addColumn('caller_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('callee_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('end_reason', 'varchar(16)')
    .addColumn('caller_conn', 'varchar(64)', (c) => c.notNull())
    .addColumn('callee_conn', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('invite_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('connected_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('caller_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('callee_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calls_caller_status').on('calls').columns(['caller_id', 'status']).execute();
  await db.schema.createIndex('calls_callee_status').on('calls').columns(['callee_id', 'status']).execute();
  await db.schema
    .createIndex('calls_status_expires')
    .on('calls')
    .columns(['status', 'invite_expires_at'])
    .execute();

  await withAutoId(db, db.schema.createTable('call_usage'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('peer_id', 'bigint', (c) => c.notNull())
    .addColumn('call_type', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('call_usage_user_day').on('call_usage').columns(['user_id', 'day']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('call_usage').ifExists().execute();
  await db.schema.dropTable('calls').ifExists().execute();
}
