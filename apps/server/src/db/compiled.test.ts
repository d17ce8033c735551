import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepared, preparedBy, preparedIn, preparedInsert, registerSqlite, runsOn } from './compiled.js';
import { insertedId, runSteps, runStepsNow } from './steps.js';
import type { Executor } from './repo.js';

interface T {
  items: { id: number; owner: number; name: string; kind: string };
}

let db: Kysely<T>;
let file: SQLite.Database;
let statements: string[];

beforeEach(async () => {
  statements = [];
  file = new SQLite(':memory:');
  db = new Kysely<T>({
    dialect: new SqliteDialect({ database: file }),
    log: (e) => {
      statements.push(e.query.sql);
    },
  });
  await sql`create table items (id integer primary key, owner integer, name text, kind text)`.execute(db);
  await sql`insert into items values (1, 7, 'a', 'x'), (2, 7, 'b', 'y'), (3, 8, 'c', 'x')`.execute(db);
});
afterEach(() => db.destroy());

const asExecutor = (k: Kysely<T>) => k as unknown as Executor;

describe('prepared', () => {
  it('builds the SQL once and binds named parameters on every run, constants kept in place', async () => {
    let builds = 0;
    const q = prepared<{ owner: number }, { name: string }>((d, p) => {
      builds++;
      return (d as unknown as Kysely<T>)
        .selectFrom('items')
        .select('name')
        .where('owner', '=', p('owner'))
        .where('kind', '=', 'x') // a constant, not a parameter
        .orderBy('id') as never;
    });
    expect(await q.all(asExecutor(db), { owner: 7 })).toEqual([{ name: 'a' }]);
    expect(await q.all(asExecutor(db), { owner: 8 })).toEqual([{ name: 'c' }]);
    expect(await q.first(asExecutor(db), { owner: 9 })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('runs inside a transaction and reports changed rows', async () => {
    const rename = prepared<{ id: number; name: string }, never>(
      (d, p) =>
        (d as unknown as Kysely<T>)
          .updateTable('items')
          .set({ name: p('name') })
          .where('id', '=', p('id')) as never,
    );
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await rename.run(trx as unknown as Executor, { id: 2, name: 'B' })).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const row = await db.selectFrom('items').select('name').where('id', '=', 2).executeTakeFirst();
    expect(row?.name).toBe('b');
    expect(await rename.run(asExecutor(db), { id: 99, name: 'none' })).toBe(0);
  });

  it('preparedBy keeps one statement per shape', async () => {
    let builds = 0;
    const byOwners = preparedBy<number, Record<string, number>, { id: number }>((n, d, p) => {
      builds++;
      return (d as unknown as Kysely<T>)
        .selectFrom('items')
        .select('id')
        .where(
          'owner',
          'in',
          Array.from({ length: n }, (_, i) => p(`o${i}`)),
        )
        .orderBy('id') as never;
    });
    expect(await byOwners(1).all(asExecutor(db), { o0: 8 })).toEqual([{ id: 3 }]);
    expect(await byOwners(2).all(asExecutor(db), { o0: 7, o1: 8 })).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    expect(await byOwners(1).all(asExecutor(db), { o0: 7 })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(builds).toBe(2);
    expect(statements.filter((s) => s.includes('in (?, ?)'))).toHaveLength(1);
  });
  it('refuses a named parameter in a LIMIT on SQLite, and runs a limit given as a preparedBy key', async () => {
    const named = prepared<{ owner: number; n: number }, { name: string }>((d, p) =>
      (d as unknown as Kysely<T>)
        .selectFrom('items')
        .select('name')
        .where('owner', '=', p('owner'))
        .orderBy('id')
        .limit(p('n')),
    );
    await expect(named.all(asExecutor(db), { owner: 7, n: 1 })).rejects.toThrow(
      "prepared: the parameter 'n' is a LIMIT, which SQLite would plan again on every run; make the limit a preparedBy key",
    );
    const keyed = preparedBy<number, { owner: number }, { name: string }>((n, d, p) =>
      (d as unknown as Kysely<T>)
        .selectFrom('items')
        .select('name')
        .where('owner', '=', p('owner'))
        .orderBy('id')
        .limit(n),
    );
    expect(await keyed(1).all(asExecutor(db), { owner: 7 })).toEqual([{ name: 'a' }]);
    expect(await keyed(5).all(asExecutor(db), { owner: 7 })).toEqual([{ name: 'a' }, { name: 'b' }]);
  });
});

describe('prepared queries inside a unit of work on SQLite', () => {
  it('run on the connection directly, inside the transaction: rolled back with it, seen by it', async () => {
    registerSqlite(asExecutor(db), file as never);
    const rename = prepared<{ id: number; name: string }, never>(
      (d, p) =>
        (d as unknown as Kysely<T>)
          .updateTable('items')
          .set({ name: p('name') })
          .where('id', '=', p('id')) as never,
    );
    const nameOf = prepared<{ id: number }, { name: string }>(
      (d, p) =>
        (d as unknown as Kysely<T>).selectFrom('items').select('name').where('id', '=', p('id')) as never,
    );
    const before = statements.length;
    await expect(
      db.transaction().execute(async (trx) => {
        runsOn(trx as unknown as Executor, asExecutor(db));
        expect(await rename.run(trx as unknown as Executor, { id: 1, name: 'A' })).toBe(1);
        // Kysely's own statements in the same transaction see the direct write.
        expect(
          (await trx.selectFrom('items').select('name').where('id', '=', 1).executeTakeFirst())?.name,
        ).toBe('A');
        expect(await nameOf.first(trx as unknown as Executor, { id: 1 })).toEqual({ name: 'A' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Only begin, Kysely's select and rollback went through Kysely: the prepared ones ran directly.
    expect(statements.slice(before)).toEqual([
      'begin',
      'select "name" from "items" where "id" = ?',
      'rollback',
    ]);
    expect(await nameOf.first(asExecutor(db), { id: 1 })).toEqual({ name: 'a' });
  });

  it('outside a transaction: directly while the connection is idle, through Kysely while a transaction is open', async () => {
    // As in production (db/index.ts): Kysely and the direct runs share the statement cache.
    const { withStatementCache } = await import('./sqlite-statements.js');
    const cached = withStatementCache(file);
    db = new Kysely<T>({
      dialect: new SqliteDialect({ database: cached }),
      log: (e) => {
        statements.push(e.query.sql);
      },
    });
    registerSqlite(asExecutor(db), cached);
    const nameOf = prepared<{ id: number }, { name: string }>(
      (d, p) =>
        (d as unknown as Kysely<T>).selectFrom('items').select('name').where('id', '=', p('id')) as never,
    );
    const before = statements.length;
    expect(await nameOf.first(asExecutor(db), { id: 2 })).toEqual({ name: 'b' });
    expect(statements.slice(before)).toEqual([]); // ran directly

    // Another use case's transaction is open: the read waits for the connection and never sees its
    // uncommitted write.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const writer = db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ name: 'uncommitted' }).where('id', '=', 2).execute();
      await held;
      throw new Error('roll back');
    });
    // (A read snapshot of the connection also counts as a transaction to SQLite: wait for the write.)
    await vi.waitFor(() => expect(statements.some((s) => s.startsWith('update'))).toBe(true));
    const read = nameOf.first(asExecutor(db), { id: 2 });
    release();
    await expect(writer).rejects.toThrow('roll back');
    expect(await read).toEqual({ name: 'b' });
    expect(statements.slice(before)).toContain('select "name" from "items" where "id" = ?');
  });
});

describe('preparedInsert', () => {
  const addItem = preparedInsert<{ owner: number; name: string }>(
    (d, p) =>
      (d as unknown as Kysely<T>)
        .insertInto('items')
        .values({ owner: p('owner'), name: p('name'), kind: 'x' } as never) as never,
  );
  const names = () => file.prepare('select id, name from items where id > 3 order by id').all();

  it('answers the new id on SQLite without RETURNING: through Kysely, directly, and in step functions', async () => {
    // Through Kysely's driver (the connection is not registered): the driver's insert id.
    expect(await addItem.insertId(asExecutor(db), { owner: 7, name: 'd' })).toBe(4);
    expect(statements.at(-1)).toBe('insert into "items" ("owner", "name", "kind") values (?, ?, ?)');
    // Directly on the registered connection, and as a step run synchronously or awaited.
    registerSqlite(asExecutor(db), file as never);
    expect(await addItem.insertId(asExecutor(db), { owner: 7, name: 'e' })).toBe(5);
    expect(runStepsNow(file as never, insertedId(addItem, { owner: 8, name: 'f' }))).toBe(6);
    expect(await runSteps(asExecutor(db), insertedId(addItem, { owner: 8, name: 'g' }))).toBe(7);
    expect(names()).toEqual([
      { id: 4, name: 'd' },
      { id: 5, name: 'e' },
      { id: 6, name: 'f' },
      { id: 7, name: 'g' },
    ]);
  });
});

describe('preparedIn', () => {
  const byIds = () => {
    let builds = 0;
    const q = preparedIn<{ owner: number }, number, { id: number }>((d, p, ids) => {
      builds++;
      return (d as unknown as Kysely<T>)
        .selectFrom('items')
        .select('id')
        .where('owner', '=', p('owner'))
        .where('id', 'in', ids) as never;
    });
    return { q, builds: () => builds };
  };

  it('serves every list length from one statement per power-of-two bucket, padding with the last id', async () => {
    const { q, builds } = byIds();
    const ids = async (list: number[]) =>
      (await q.all(asExecutor(db), { owner: 7 }, list)).map((r) => r.id).sort();
    expect(await ids([])).toEqual([]);
    expect(await ids([1])).toEqual([1]);
    expect(await ids([1, 2, 3])).toEqual([1, 2]); // 3 belongs to owner 8
    expect(await ids([2, 9, 1])).toEqual([1, 2]); // 3 ids → the bucket of 4, padded with 1
    expect(await ids([2, 2, 2, 1])).toEqual([1, 2]); // duplicates dropped: the bucket of 2
    expect(builds()).toBe(3); // buckets 1, 2 and 4; an empty list runs nothing
    expect(statements.slice(-2)).toEqual([
      expect.stringContaining('"id" in (?, ?, ?, ?)'),
      expect.stringMatching(/"id" in \(\?, \?\)$/),
    ]);
  });

  it('runs a list longer than one part as several statements and concatenates their rows', async () => {
    await sql`insert into items select value + 10, 7, 'n', 'z' from json_each(${JSON.stringify(
      Array.from({ length: 1200 }, (_, i) => i),
    )})`.execute(db);
    const { q, builds } = byIds();
    const list = Array.from({ length: 1200 }, (_, i) => i + 10);
    const rows = await q.all(asExecutor(db), { owner: 7 }, list);
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1200);
    expect(builds()).toBe(2); // parts of 512, 512 (same bucket) and 176 (the bucket of 256)
  });
});
