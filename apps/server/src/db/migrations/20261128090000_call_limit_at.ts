import type { AnyDb } from '../dialect.js';

/**
 * Server-side call metering: `calls.limit_at` is when a connected call of a limited caller uses up
 * the caller's daily allowance (null: not limited); the sweeper ends calls past it. The index serves
 * the caller's connected time of a day.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('calls').addColumn('limit_at', 'bigint').execute();
  await db.schema
    .createIndex('calls_caller_connected')
    .on('calls')
    .columns(['caller_id', 'connected_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('calls_caller_connected').execute();
  await db.schema.alterTable('calls').dropColumn('limit_at').execute();
}
