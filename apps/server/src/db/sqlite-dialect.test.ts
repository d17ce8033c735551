import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A database file, the tested process's connection through `Dialect`, and another process's. */
function open(Dialect: typeof SqliteDialect) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dialect-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const mine = new SQLite(file);
  mine.pragma('journal_mode = WAL');
  mine.exec('create table t (v integer)');
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  return { db: new Kysely<{ t: { v: number } }>({ dialect: new Dialect({ database: mine }) }), other };
}

/** A use case that reads, lets another process try to write, then writes itself. */
const readThenWrite = (db: Kysely<{ t: { v: number } }>, other: SQLite.Database) =>
  db.transaction().execute(async (trx) => {
    await sql`select count(*) from t`.execute(trx);
    let otherWrote = true;
    try {
      other.exec('insert into t values (2)');
    } catch {
      otherWrote = false;
    }
    await sql`insert into t values (1)`.execute(trx);
    return otherWrote;
  });

describe('ImmediateSqliteDialect', () => {
  it('takes the write lock as a transaction begins: another process waits, the use case commits', async () => {
    const { db, other } = open(ImmediateSqliteDialect);
    expect(await readThenWrite(db, other)).toBe(false);
    expect(other.prepare('select v from t').all()).toEqual([{ v: 1 }]);
    await db.destroy();
  });

  it('(why) a deferred transaction fails at its first write when another process committed since its read', async () => {
    const { db, other } = open(SqliteDialect);
    await expect(readThenWrite(db, other)).rejects.toMatchObject({ code: 'SQLITE_BUSY_SNAPSHOT' });
    await db.destroy();
  });
});
