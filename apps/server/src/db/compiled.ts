import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  sql,
  type Compilable,
  type InsertResult,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema.js';
import { all, runSteps, type Steps } from './steps.js';
import { isPostgres } from './dialect.js';
import type { Executor } from './executor.js';
import type { Statement } from './statement.js';
import { nameStatement } from './pg-named.js';
import { SqliteLimitCompiler } from './sqlite-compiler.js';

const PARAM = Symbol('param');

/** Builds SQLite statements without a connection (a statement's first run may come through `allNow`). */
const SQLITE_TARGET: Executor = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteLimitCompiler(),
  },
});

/**
 * SQLite databases by Kysely instance, and their transactions while they run. Kysely's SQLite driver
 * has one connection, held by a transaction from its first to its last statement; inside one that a
 * unit of work opened (`runsOn`), a prepared query runs on better-sqlite3 directly, skipping the
 * driver's per-query promise chain (a dozen statements per sent message). Outside a transaction it
 * runs directly too while no transaction is open on the connection (better-sqlite3 answers that
 * synchronously, and nothing else runs between that answer and the statement); while one is open,
 * it goes through Kysely, which waits for the connection: running directly then would land in the
 * middle of another use case's transaction.
 */
type SqliteFile = SqliteDatabase & { readonly inTransaction?: boolean; endReadSnapshot?(): void };
const sqliteOf = new WeakMap<object, SqliteFile>();

/** Registers the better-sqlite3 database behind a Kysely instance (db/index.ts). */
export function registerSqlite(db: Executor, file: SqliteFile): void {
  sqliteOf.set(db, file);
}

/** The better-sqlite3 database behind a Kysely instance on SQLite (for `runStepsNow`, db/steps.ts). */
export function sqliteFileOf(db: Executor): SqliteFile | undefined {
  return sqliteOf.get(db);
}

/**
 * Makes the next read on `db` see every commit made so far by any connection: ends its SQLite read
 * snapshot (db/sqlite-statements.ts), if one is open. Nothing to do on PostgreSQL.
 */
export function seeOtherCommits(db: Executor): void {
  sqliteOf.get(db)?.endReadSnapshot?.();
}

/** Where a prepared query may run directly: its unit of work's transaction, or an idle connection. */
function directFile(db: Executor): SqliteDatabase | undefined {
  const inTrx = transactionsOf.get(db);
  if (inTrx) return inTrx;
  const file = sqliteOf.get(db);
  return file && file.inTransaction === false ? file : undefined;
}

/** Marks `trx`, a transaction opened on `db`, as running: its prepared queries run directly. */
export function runsOn(trx: Executor, db: Executor): void {
  if (!trx.isTransaction) return;
  const file = sqliteOf.get(db);
  if (file) transactionsOf.set(trx, file);
}
const transactionsOf = new WeakMap<object, SqliteDatabase>();

interface Slot {
  readonly [PARAM]: string;
}

const isSlot = (v: unknown): v is Slot => typeof v === 'object' && v !== null && PARAM in v;

/** Names a parameter while the query is built; typed as its value so Kysely's builder accepts it. */
export type ParamOf<P> = <K extends keyof P & string>(name: K) => P[K];

interface Compiled {
  sql: string;
  /** Per position: the parameter's name, or null where the builder put a constant (in `consts`). */
  names: Array<string | null>;
  consts: unknown[];
}

/**
 * A hot-path query built once per dialect and then run with new parameters (docs/performance.md
 * "Messaging"). Kysely builds and compiles a query's SQL on every call, which cost a fifth of the
 * server's CPU per message in the delivery bench; a statement the send path runs thousands of times a
 * second is built once here instead, with named parameters standing where values go:
 *
 *   const byId = prepared<{ id: number }, UserRow>((db, p) =>
 *     db.selectFrom('users').selectAll().where('id', '=', p('id')));
 *   const rows = await byId.all(this.db, { id: 7 });
 *
 * It runs on any executor (the database or a unit of work's transaction), through Kysely's executor,
 * so connection handling and transactions stay Kysely's. Only value positions may be parameters
 * (not `in` lists, whose length changes the SQL: build one per length with `preparedBy`), and not a
 * LIMIT: SQLite plans with a bound limit and prepares the statement again on every run
 * (sqlite-compiler.ts), so a limit is a `preparedBy` key, written into the SQL.
 */
export function prepared<P extends object, R>(
  build: (db: Executor, p: ParamOf<P>) => Compilable<R>,
  options: { stable?: boolean } = {},
): PreparedQuery<P, R> {
  return new PreparedQuery(build, options.stable ?? false);
}

export class PreparedQuery<P extends object, R> implements Statement<P, R> {
  private sqlite: Compiled | undefined;
  private postgres: Compiled | undefined;

  constructor(
    private readonly build: (db: Executor, p: ParamOf<P>) => Compilable<R>,
    /**
     * A read of tables the send path never writes (users, friendships, blacklist): the send thread
     * keeps its rows until a change to those tables moves `stable_epoch` (db/stable-reads.ts).
     */
    readonly stable = false,
  ) {}

  async all(db: Executor, params: P): Promise<R[]> {
    const file = directFile(db);
    if (file) return this.allNow(file, params);
    const c = this.compiled(db);
    const result = await db.executeQuery<R>(CompiledQuery.raw(c.sql, this.values(c, params)));
    return result.rows;
  }

  async first(db: Executor, params: P): Promise<R | undefined> {
    return (await this.all(db, params))[0];
  }

  /**
   * `all`, synchronously on a SQLite connection: one the caller owns (db/steps.ts `runStepsNow`), or
   * where `directFile` allows it.
   */
  allNow(file: SqliteDatabase, params: P): R[] {
    return this.allValuesNow(file, this.sqliteValues(params));
  }

  /** The statement's SQLite parameters for `params`, in order (what `allValuesNow` takes). */
  sqliteValues(params: P): unknown[] {
    return this.values(this.sqlite ?? this.compiled(SQLITE_TARGET), params);
  }

  /** `allNow` with the parameters already in order (`sqliteValues`). */
  allValuesNow(file: SqliteDatabase, values: unknown[]): R[] {
    const c = this.sqlite ?? this.compiled(SQLITE_TARGET);
    const stmt = file.prepare(c.sql);
    if (stmt.reader) return stmt.all(values) as R[];
    stmt.run(values);
    return [];
  }

  /** `run`, synchronously on a SQLite connection the caller owns. */
  runNow(file: SqliteDatabase, params: P): number {
    const c = this.sqlite ?? this.compiled(SQLITE_TARGET);
    return Number(file.prepare(c.sql).run(this.values(c, params)).changes);
  }

  /**
   * A one-row insert's new id (`preparedInsert`): PostgreSQL reads it from `RETURNING id`; SQLite
   * from the statement's last insert rowid, without RETURNING, which cost a message's insert there
   * ~1.6 µs more (docs/decisions/005-statements-built-once.md).
   */
  async insertId(db: Executor, params: P): Promise<number> {
    const file = directFile(db);
    if (file) return this.insertIdNow(file, params);
    const c = this.compiled(db);
    const result = await db.executeQuery<{ id: number }>(CompiledQuery.raw(c.sql, this.values(c, params)));
    return Number(isPostgres(db) ? result.rows[0]!.id : result.insertId);
  }

  /** `insertId`, synchronously on a SQLite connection the caller owns. */
  insertIdNow(file: SqliteDatabase, params: P): number {
    const c = this.sqlite ?? this.compiled(SQLITE_TARGET);
    return Number(file.prepare(c.sql).run(this.values(c, params)).lastInsertRowid);
  }

  /** The number of rows an insert, update or delete changed. */
  async run(db: Executor, params: P): Promise<number> {
    const file = directFile(db);
    if (file) return this.runNow(file, params);
    const c = this.compiled(db);
    const result = await db.executeQuery(CompiledQuery.raw(c.sql, this.values(c, params)));
    return Number(result.numAffectedRows ?? 0);
  }

  private values(c: Compiled, params: P): unknown[] {
    const named = params as Record<string, unknown>;
    const out = new Array<unknown>(c.names.length);
    for (let i = 0; i < out.length; i++) {
      const name = c.names[i]!;
      out[i] = name === null ? c.consts[i] : named[name];
    }
    return out;
  }

  private compiled(db: Executor): Compiled {
    const pg = isPostgres(db);
    const known = pg ? this.postgres : this.sqlite;
    if (known) return known;
    const param = ((name: string) => ({ [PARAM]: name })) as unknown as ParamOf<P>;
    const q = this.build(db, param).compile();
    const c: Compiled = {
      sql: q.sql,
      names: q.parameters.map((v) => (isSlot(v) ? v[PARAM] : null)),
      consts: q.parameters.map((v) => (isSlot(v) ? undefined : v)),
    };
    if (pg) {
      // Run as a named statement: parsed and planned once per connection (db/pg-named.ts).
      nameStatement(c.sql);
      this.postgres = c;
    } else {
      refuseNamedLimit(c);
      this.sqlite = c;
    }
    return c;
  }
}

/** Throws when a named parameter stands in a LIMIT (see `prepared`): the SQL's `?` are its parameters, in order. */
function refuseNamedLimit(c: Compiled): void {
  for (const m of c.sql.matchAll(/\blimit \?/gi)) {
    const name = c.names[c.sql.slice(0, m.index).split('?').length - 1];
    if (name)
      throw new Error(
        `prepared: the parameter '${name}' is a LIMIT, which SQLite would plan again on every run; make the limit a preparedBy key`,
      );
  }
}

/**
 * A prepared one-row insert whose new id is wanted (run it with `insertId`, or `insertedId` in step
 * functions): `RETURNING id` is added on PostgreSQL only.
 */
export function preparedInsert<P extends object>(
  build: (db: Executor, p: ParamOf<P>) => OneRowInsert,
): PreparedQuery<P, { id: number }> {
  return new PreparedQuery<P, { id: number }>((db, p) => {
    const insert = build(db, p);
    const built = isPostgres(db) ? insert.returning(sql<number>`id`.as('id') as never) : insert;
    return built as Compilable<{ id: number }>;
  });
}
/** An insert into any table with an `id` column (Kysely's builder, whatever its table). */
interface OneRowInsert extends Compilable<InsertResult> {
  returning(selection: never): Compilable<unknown>;
}

/** Prepared queries keyed by a shape (a list's length, say): one statement per key. */
export function preparedBy<K, P extends object, R>(
  build: (key: K, db: Executor, p: ParamOf<P>) => Compilable<R>,
): (key: K) => PreparedQuery<P, R> {
  const byKey = new Map<K, PreparedQuery<P, R>>();
  return (key) => {
    let q = byKey.get(key);
    if (!q) {
      q = new PreparedQuery<P, R>((db, p) => build(key, db, p));
      byKey.set(key, q);
    }
    return q;
  };
}

/** The longest list one statement of `preparedIn` carries; longer lists run in parts. */
const LIST_PART = 512;

/**
 * A prepared query with one `in (…)` list: one statement per bucket of list length (1, 2, 4 … 512),
 * the list padded with its last value (a repeated value in `in` matches nothing more), so a handful
 * of statements serve every length. Lists longer than a part run as several statements whose rows are
 * concatenated: only for plain lookups (no order, limit or aggregate over the whole list).
 *
 *   const byIds = preparedIn<{}, number, UserRow>((db, p, ids) =>
 *     db.selectFrom('users').selectAll().where('id', 'in', ids));
 *   const rows = await byIds.all(this.db, {}, [1, 2, 3]);
 */
export function preparedIn<P extends object, V, R>(
  build: (db: Executor, p: ParamOf<P>, list: V[]) => Compilable<R>,
): PreparedInQuery<P, V, R> {
  return new PreparedInQuery(build);
}

export class PreparedInQuery<P extends object, V, R> {
  private readonly byBucket: (n: number) => PreparedQuery<Record<string, unknown>, R>;

  constructor(build: (db: Executor, p: ParamOf<P>, list: V[]) => Compilable<R>) {
    this.byBucket = preparedBy<number, Record<string, unknown>, R>((n, db, p) =>
      build(
        db,
        p as unknown as ParamOf<P>,
        Array.from({ length: n }, (_, i) => p(`in${i}`) as V),
      ),
    );
  }

  all(db: Executor, params: P, list: readonly V[]): Promise<R[]> {
    return runSteps(db, this.steps(params, list));
  }

  /** `all` as a step function (db/steps.ts). */
  *steps(params: P, list: readonly V[]): Steps<R[]> {
    const values = [...new Set(list)];
    if (values.length === 0) return [];
    const out: R[] = [];
    for (let start = 0; start < values.length; start += LIST_PART) {
      const part = values.slice(start, start + LIST_PART);
      let bucket = 1;
      while (bucket < part.length) bucket *= 2;
      const args: Record<string, unknown> = { ...(params as Record<string, unknown>) };
      for (let i = 0; i < bucket; i++) args[`in${i}`] = part[Math.min(i, part.length - 1)];
      out.push(...(yield* all(this.byBucket(bucket), args)));
    }
    return out;
  }
}
