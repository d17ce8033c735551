import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../dialect.js';

/**
 * SQLite: a counter that every change to what a send reads of its parties and their friends rules
 * moves on (db/stable-reads.ts): a user's wtId, nickname, avatar or status, and any friendship or
 * blacklist row. The send thread keeps those reads between batches while the counter stays put.
 * Triggers move it whichever connection (or node) writes. PostgreSQL has no send thread.
 */
const WATCHED: Array<{ table: string; update: string }> = [
  { table: 'users', update: 'UPDATE OF wt_id, nick_name, avatar, status' },
  { table: 'friendships', update: 'UPDATE' },
  { table: 'blacklist', update: 'UPDATE' },
];

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE TABLE stable_epoch (id integer primary key check (id = 1), n bigint not null)`.execute(db);
  await sql`INSERT INTO stable_epoch (id, n) VALUES (1, 0)`.execute(db);
  for (const { table, update } of WATCHED) {
    for (const [name, event] of [
      ['ai', 'INSERT'],
      ['au', update],
      ['ad', 'DELETE'],
    ] as const) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_epoch_${name} AFTER ${event} ON ${table}
            BEGIN UPDATE stable_epoch SET n = n + 1; END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table } of WATCHED) {
    for (const name of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER ${table}_epoch_${name}`).execute(db);
  }
  await sql`DROP TABLE stable_epoch`.execute(db);
}
