import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openSqliteFile } from '../../src/db/index.js';
import { prepared, sqliteFileOf } from '../../src/db/compiled.js';
import { first, run, runSteps, runStepsNow, type Step, type Steps } from '../../src/db/steps.js';
import { fail } from '../../src/lib/errors.js';
import { sqlitePath } from '../../src/db/index.js';
import { nowBatcher } from '../../src/modules/messaging/send/now-driver.js';
import { startTestServer, type TestServer } from '../helpers.js';

// Step functions (db/steps.ts) and the send thread's synchronous group commit (now-driver.ts), on a
// second connection to the test server's SQLite file, as the send thread has.
const sqlite = !process.env.DATABASE_URL;

const put = prepared<{ k: string; v: number }, never>((db, p) =>
  db.insertInto('now_probe' as never).values({ k: p('k'), v: p('v') } as never),
);
const get = prepared<{ k: string }, { v: number }>((db, p) =>
  db
    .selectFrom('now_probe' as never)
    .select('v' as never)
    .where('k' as never, '=', p('k') as never),
);

/** Stores k = v, then reads it back and returns it doubled. */
function* putAndRead(k: string, v: number): Steps<number> {
  expect(yield* run(put, { k, v })).toBe(1);
  const row = yield* first(get, { k });
  return row!.v * 2;
}

/** A check that reads nothing: `value`, or a refusal. */
function* checked<T>(value: T, refuse = false): Steps<T> {
  yield* [] as Step[];
  if (refuse) throw fail('forbidden');
  return value;
}

describe.skipIf(!sqlite)('step functions and the synchronous driver of CommitBatcher', () => {
  let t: TestServer;
  let conn: ReturnType<typeof openSqliteFile>;
  const events: Array<{ to: unknown; type: string; data: unknown }> = [];
  const errors: unknown[] = [];
  const realtime = {
    emit: (to: unknown, type: string, data: unknown) => {
      events.push({ to, type, data });
      return Promise.resolve();
    },
  } as never;

  beforeAll(async () => {
    t = await startTestServer();
    await sql`create table now_probe (k text primary key, v integer not null)`.execute(t.server.ctx.db);
    conn = openSqliteFile(sqlitePath(t.server.ctx.config));
  });
  afterAll(async () => {
    await conn.db.destroy();
    await t.close();
  });

  const file = () => sqliteFileOf(conn.db)!;
  // The server's connection reads in snapshots of one event-loop turn (db/sqlite-statements.ts): the
  // next turn sees the other connection's commits.
  const value = async (k: string) => {
    await new Promise((r) => setImmediate(r));
    return (await get.first(t.server.ctx.db, { k }))?.v;
  };
  const batcher = () => nowBatcher(conn.db, file(), realtime, { error: (e: unknown) => errors.push(e) });

  it('one step function, both drivers: awaited on any executor, or synchronously on the connection', async () => {
    expect(await runSteps(t.server.ctx.db, putAndRead('async', 21))).toBe(42);
    file().prepare('begin immediate').run([]);
    expect(runStepsNow(file(), putAndRead('now', 4))).toBe(8);
    file().prepare('commit').run([]);
    expect(await value('now')).toBe(4);
    // A failing statement ends the step function with its error.
    expect(() => runStepsNow(file(), putAndRead('now', 5))).toThrow(/UNIQUE/);
  });

  it('units of one turn share one commit; events follow the commit in order; a refusal fails its unit alone', async () => {
    const b = batcher();
    events.length = 0;
    const unit = (k: string, refuse = false) =>
      b.run([], {
        check: () => checked(k.toUpperCase(), refuse),
        *work(uow, checked) {
          yield* run(put, { k, v: 1 });
          uow.emit([1], 'typing', { fromID: k } as never);
          // Nothing is published before the batch commits.
          expect(events).toEqual([]);
          return checked;
        },
      });
    const results = await Promise.allSettled([unit('n1'), unit('n2', true), unit('n3')]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'N1' });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { status: 403, code: 403, message: '当前操作没有权限' },
    });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'N3' });
    expect(events.map((e) => (e.data as { fromID: string }).fromID)).toEqual(['n1', 'n3']);
    expect([await value('n1'), await value('n2'), await value('n3')]).toEqual([1, undefined, 1]);
  });

  it('a unit whose work fails rolls the batch back; the others run again alone and commit', async () => {
    const b = batcher();
    const insert = (k: string) =>
      b.run([], {
        check: () => checked(null),
        *work() {
          yield* run(put, { k, v: 7 });
          return k;
        },
      });
    // 'm1' twice violates the key: the shared transaction rolls back and each unit runs alone.
    const results = await Promise.allSettled([insert('m1'), insert('m1'), insert('m2')]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'm1' });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' },
    });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'm2' });
    expect([await value('m1'), await value('m2')]).toEqual([7, 7]);
    expect(file().inTransaction).toBe(false);
  });

  it('waits while another use case holds a transaction on the connection', async () => {
    const b = batcher();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = conn.db.transaction().execute(async (trx) => {
      await sql`insert into now_probe (k, v) values ('held', 1)`.execute(trx);
      await held;
    });
    await expect.poll(() => file().inTransaction).toBe(true);
    let done = false;
    const unit = b
      .run([], {
        check: () => checked(null),
        *work() {
          yield* run(put, { k: 'after-held', v: 2 });
          return 'ok';
        },
      })
      .then((v) => {
        done = true;
        return v;
      });
    // The batch keeps its turn waiting while the other transaction is open.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    release();
    await other;
    expect(await unit).toBe('ok');
    expect([await value('held'), await value('after-held')]).toEqual([1, 2]);
  });
});
