import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import { withStatementCache } from './sqlite-statements.js';

// Two connections to one WAL file: `mine` through the statement cache (as a node's main connection),
// `other` as the send thread or a second node.
let dir: string;
let mine: SQLite.Database;
let other: SQLite.Database;
let cached: ReturnType<typeof withStatementCache>;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const valueSeen = () =>
  (cached.prepare('select v from kv where k = 1').all([]) as Array<{ v: string }>)[0]!.v;
const setByOther = (v: string) => other.prepare('update kv set v = ? where k = 1').run(v);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-snapshot-'));
  const file = path.join(dir, 'db.sqlite');
  mine = new SQLite(file);
  mine.pragma('journal_mode = WAL');
  mine.exec(`create table kv (k integer primary key, v text); insert into kv values (1, 'a')`);
  other = new SQLite(file);
  cached = withStatementCache(mine);
});
afterEach(() => {
  cached.close();
  other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('read snapshots of the statement cache', () => {
  it('queries in one event-loop turn share one read transaction; the next turn reads afresh', async () => {
    expect(valueSeen()).toBe('a');
    expect(mine.inTransaction).toBe(true); // the snapshot
    expect(cached.inTransaction).toBe(false); // no use case's transaction
    setByOther('b');
    expect(valueSeen()).toBe('a'); // same turn: same snapshot
    await nextTurn();
    expect(mine.inTransaction).toBe(false);
    expect(valueSeen()).toBe('b');
  });

  it('endReadSnapshot: a read in the same turn after another connection reported its commit sees it', () => {
    expect(valueSeen()).toBe('a');
    setByOther('b');
    expect(valueSeen()).toBe('a'); // the snapshot opened before the commit
    cached.endReadSnapshot();
    expect(mine.inTransaction).toBe(false);
    expect(valueSeen()).toBe('b');
    cached.endReadSnapshot(); // a new snapshot (the read above) ends too; none open: nothing to do
    cached.endReadSnapshot();
    expect(mine.inTransaction).toBe(false);
  });

  it('a write on the connection ends the snapshot first and commits at once', () => {
    expect(valueSeen()).toBe('a');
    cached.prepare('update kv set v = ? where k = 1').run(['mine']);
    expect(mine.inTransaction).toBe(false);
    expect((other.prepare('select v from kv where k = 1').get() as { v: string }).v).toBe('mine');
    // The next query opens a new snapshot that sees the other connection's later commit.
    setByOther('c');
    expect(valueSeen()).toBe('c');
  });

  it("a use case's immediate transaction right after a query in the same turn", async () => {
    const db = new Kysely<{ kv: { k: number; v: string } }>({
      dialect: new ImmediateSqliteDialect({ database: cached }),
    });
    expect(valueSeen()).toBe('a');
    setByOther('b');
    // BEGIN IMMEDIATE ends the snapshot: the transaction reads the latest commit and writes after it.
    const seen = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('kv').select('v').where('k', '=', 1).executeTakeFirstOrThrow();
      await trx
        .updateTable('kv')
        .set({ v: `${row.v}+` })
        .where('k', '=', 1)
        .execute();
      return row.v;
    });
    expect(seen).toBe('b');
    expect((other.prepare('select v from kv where k = 1').get() as { v: string }).v).toBe('b+');
    await sql`select 1`.execute(db); // a query after the commit: a new snapshot, closed by the turn
    await nextTurn();
    expect(mine.inTransaction).toBe(false);
  });

  it('never runs a write inside a snapshot it cannot end (a statement still stepping)', async () => {
    expect(valueSeen()).toBe('a');
    const rows = mine.prepare('select v from kv').iterate(); // holds the read transaction open
    rows.next();
    expect(() => cached.prepare('update kv set v = ? where k = 1')).toThrow('read snapshot still open');
    expect((other.prepare('select v from kv where k = 1').get() as { v: string }).v).toBe('a');
    rows.return?.();
    await nextTurn(); // the snapshot ends once nothing is stepping
    expect(mine.inTransaction).toBe(false);
    cached.prepare('update kv set v = ? where k = 1').run(['later']);
    expect((other.prepare('select v from kv where k = 1').get() as { v: string }).v).toBe('later');
  });
});

describe('the statement cache', () => {
  it('keeps at most `max` statements and drops the least recently prepared one', () => {
    const small = withStatementCache(new SQLite(':memory:'), 2);
    const a = small.prepare('select 1');
    const b = small.prepare('select 2');
    expect(small.prepare('select 1')).toBe(a); // a hit: now the most recent
    const c = small.prepare('select 3'); // full: 'select 2' goes
    expect(small.prepare('select 1')).toBe(a);
    expect(small.prepare('select 3')).toBe(c);
    expect(small.prepare('select 2')).not.toBe(b); // prepared again ('select 1' goes)
    expect(small.prepare('select 3')).toBe(c);
    expect(small.prepare('select 1')).not.toBe(a);
    small.close();
  });
});
