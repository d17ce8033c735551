import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';

interface T {
  t: { v: number };
}

function open() {
  const file = new SQLite(':memory:');
  file.exec('create table t (v integer)');
  file.exec('insert into t values (1), (2), (3), (4), (5)');
  return new Kysely<T>({ dialect: new ImmediateSqliteDialect({ database: file }) });
}

describe('SqliteLimitCompiler', () => {
  it('writes a whole-number limit into the SQL and binds the other values', async () => {
    const db = open();
    const q = db.selectFrom('t').select('v').where('v', '>', 1).orderBy('v').limit(2);
    const compiled = q.compile();
    expect(compiled.sql).toBe('select "v" from "t" where "v" > ? order by "v" limit 2');
    expect(compiled.parameters).toEqual([1]);
    expect(await q.execute()).toEqual([{ v: 2 }, { v: 3 }]);
  });

  it('keeps the offset bound: only the limit is planned from its value', () => {
    const compiled = open().selectFrom('t').select('v').limit(10).offset(20).compile();
    expect(compiled.sql).toBe('select "v" from "t" limit 10 offset ?');
    expect(compiled.parameters).toEqual([20]);
  });

  it('binds a limit that is not a safe whole number, so it can never change the SQL', async () => {
    const db = open();
    for (const limit of ['2; drop table t', 2.5, Number.MAX_SAFE_INTEGER + 2]) {
      const compiled = db
        .selectFrom('t')
        .select('v')
        .limit(limit as number)
        .compile();
      expect(compiled.sql).toBe('select "v" from "t" limit ?');
      expect(compiled.parameters).toEqual([limit]);
    }
    expect(
      await db
        .selectFrom('t')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 5 });
  });

  it('writes out a limit inside a subquery too', () => {
    const db = open();
    const compiled = db
      .selectFrom('t')
      .select('v')
      .where('v', '=', (eb) => eb.selectFrom('t').select('v').orderBy('v', 'desc').limit(1))
      .compile();
    expect(compiled.sql).toBe(
      'select "v" from "t" where "v" = (select "v" from "t" order by "v" desc limit 1)',
    );
    expect(compiled.parameters).toEqual([]);
  });
});
