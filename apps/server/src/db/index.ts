import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrate.js';
import { startCheckpointer } from './sqlite-checkpointer.js';
import { registerSqlite } from './compiled.js';
import { withStatementCache } from './sqlite-statements.js';
import { withNamedStatements } from './pg-named.js';
import { createPool, type PoolLog } from './pg-pool.js';

export type Db = Kysely<Database>;

// bigint columns hold unix milliseconds and counters: read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<boolean>;
  /** PostgreSQL: the pool, whose connections the metrics count; null on SQLite. */
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> | null;
}

/** The SQLite file of a config (embedded default). */
export const sqlitePath = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'parley.db');

/** Kysely's log, reporting each statement's duration (the metrics' statement histogram). */
const statementLog = (onStatement?: (ms: number) => void) =>
  onStatement ? { log: (event: LogEvent) => onStatement(event.queryDurationMillis) } : {};

/**
 * A connection to a SQLite file with Parley's settings, as Kysely and as the raw better-sqlite3
 * handle. The main connection (`openDatabase`) and the send thread's (send/thread/) both use it.
 */
export function openSqliteFile(
  filePath: string,
  onStatement?: (ms: number) => void,
): { db: Db; file: SQLite.Database } {
  const file = new SQLite(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // SQLite's default page cache is 2 MB: a server's hot rows (sessions, users, sync versions) do
  // not fit, and every lookup then re-reads its pages through a system call. 64 MB of cache (taken
  // as it fills) keeps them. The file is not memory-mapped: a read that finds another connection's
  // commit (the send thread's, another node's: every few ms) unmaps the whole file and maps it again,
  // which made a cold token lookup ~65 µs instead of ~20 (docs/performance.md "Reconnect storm").
  // The send thread's connection sets a smaller cache (send/thread/thread-core.ts).
  file.pragma('cache_size = -65536');
  file.pragma('mmap_size = 0');
  const cached = withStatementCache(file);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cached }),
    ...statementLog(onStatement),
  });
  registerSqlite(db, cached);
  return { db, file };
}

/** Opens the database the config names (SQLite file under dataDir, or PostgreSQL) and migrates it. */
export async function openDatabase(
  config: Config,
  log?: PoolLog,
  onStatement?: (ms: number) => void,
): Promise<DbHandle> {
  let db: Db;
  let dialect: DbHandle['dialect'];
  let checkpointer: { stop(): Promise<void> } | null = null;
  let pool: pg.Pool | null = null;
  let setQueryBound: (on: boolean) => void = () => undefined;
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid DATABASE_SCHEMA: ${schema}`);
    if (schema) {
      const setup = new pg.Client({
        connectionString: config.databaseUrl,
        connectionTimeoutMillis: config.databaseTimeouts.connectMs,
      });
      setup.on('error', () => undefined);
      try {
        await setup.connect();
        await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await setup.end().catch(() => undefined);
      }
    }
    const created = createPool({
      connectionString: config.databaseUrl,
      // Sends check their rules and run their group commits concurrently (docs/performance.md "Messaging").
      max: 20,
      options: schema ? `-c search_path=${schema}` : undefined,
      connectMs: config.databaseTimeouts.connectMs,
      queryMs: config.databaseTimeouts.queryMs,
      log,
    });
    pool = created.pool;
    setQueryBound = created.setQueryBound;
    if (config.databaseNamedStatements) withNamedStatements(pool);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...statementLog(onStatement) });
    dialect = 'postgres';
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const filePath = sqlitePath(config);
    const opened = openSqliteFile(filePath, onStatement);
    checkpointer = startCheckpointer(opened.file, filePath);
    db = opened.db;
    dialect = 'sqlite';
  }
  // A migration may rewrite a large table: the statement bound is for serving, not for start-up.
  setQueryBound(false);
  await migrateToLatest(db, config.databaseUrl ? config.databaseSchema : undefined);
  setQueryBound(true);
  return {
    db,
    dialect,
    pool,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}
