import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import type { Config } from '../../config.js';
import { CliError } from '../cli-error.js';
import { BackupTexts } from '../texts/backup.js';

type PgConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'databaseTimeouts'>;

/**
 * The connection of pg_dump and pg_restore: the URL without its password, which goes in PGPASSWORD
 * (a command line is visible to every user of the machine).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Fails with a clear message unless `tool` (pg_dump, pg_restore) runs. */
export function requireTool(tool: 'pg_dump' | 'pg_restore'): void {
  const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new CliError(BackupTexts.toolMissing(tool, tool === 'pg_dump'));
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => reject(new CliError(`${tool}: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new CliError(BackupTexts.toolFailed(tool, code, stderr.trim()))),
    );
  });
}

/** The schema whose tables Parley uses: DATABASE_SCHEMA, or the connection's default. */
export const targetSchema = (config: PgConfig) => config.databaseSchema ?? 'public';

async function withClient<T>(config: PgConfig, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: config.databaseUrl,
    connectionTimeoutMillis: config.databaseTimeouts.connectMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new CliError(BackupTexts.cannotConnect((err as Error).message));
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The schema version of the configured PostgreSQL schema (see schema-version.ts). */
export function pgSchemaVersion(config: PgConfig): Promise<{ version: string; migrations: number }> {
  return withClient(config, async (c) => {
    const schema = targetSchema(config);
    const exists = await c.query(
      `select 1 from information_schema.tables where table_schema = $1 and table_name = 'kysely_migration'`,
      [schema],
    );
    const rows = exists.rowCount
      ? (await c.query<{ name: string }>(`select name from "${schema}".kysely_migration order by name`)).rows
      : [];
    if (!rows.length) throw new CliError(BackupTexts.pgNoSchema(schema));
    return { version: rows[rows.length - 1]!.name, migrations: rows.length };
  });
}

/** The number of tables in the configured schema (0: a restore may go there). */
export function pgTableCount(config: PgConfig): Promise<number> {
  return withClient(config, async (c) => {
    const res = await c.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = $1`,
      [targetSchema(config)],
    );
    return Number(res.rows[0]!.n);
  });
}

/**
 * `pg_dump -Fc` of the configured schema into `file`: one snapshot (pg_dump reads in one repeatable
 * read transaction), while the server keeps writing.
 */
export async function dumpPostgres(config: PgConfig, file: string): Promise<void> {
  const { dbname, env } = connection(config.databaseUrl!);
  const only = config.databaseSchema ? ['--schema', config.databaseSchema] : [];
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-acl', ...only, '--file', file, '--dbname', dbname],
    env,
  );
}

/** Extensions installed in `schema` (pg_trgm lives in public: db/migrations, the messaging one). */
async function extensionsIn(c: pg.Client, schema: string): Promise<string[]> {
  const res = await c.query<{ extname: string }>(
    'select e.extname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = $1',
    [schema],
  );
  return res.rows.map((r) => r.extname);
}

/**
 * Restores a dump into the configured schema, in one transaction. The schema there (empty, or what
 * `--force` replaces) is renamed aside first and dropped only once the restore succeeded; a failed
 * restore puts it back as it was. Extensions stay where they are (public): moved into the new
 * public when public itself is replaced, and back if the restore fails.
 */
export async function restorePostgres(config: PgConfig, file: string): Promise<void> {
  const schema = targetSchema(config);
  const aside = `${schema}_before_restore_${process.pid}`;
  const exists = async (c: pg.Client, name: string) =>
    Boolean((await c.query('select 1 from pg_namespace where nspname = $1', [name])).rowCount);
  const { had, moved } = await withClient(config, async (c) => {
    const had = await exists(c, schema);
    if (had) await c.query(`alter schema "${schema}" rename to "${aside}"`);
    const moved: string[] = [];
    // A whole-database dump (no DATABASE_SCHEMA) does not create public: it is always there.
    if (schema === 'public') {
      await c.query('create schema public');
      for (const ext of had ? await extensionsIn(c, aside) : []) {
        await c.query(`alter extension "${ext}" set schema public`);
        moved.push(ext);
      }
    }
    // A dump of one schema does not carry the extension its search index uses; create it as the
    // migration does (without the right to, the restore fails on that index and says so).
    await c.query('create extension if not exists pg_trgm schema public').catch(() => undefined);
    return { had, moved };
  });
  const { dbname, env } = connection(config.databaseUrl!);
  try {
    await run(
      'pg_restore',
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--dbname', dbname, file],
      env,
    );
  } catch (err) {
    await withClient(config, async (c) => {
      for (const ext of moved) await c.query(`alter extension "${ext}" set schema "${aside}"`);
      await c.query(`drop schema if exists "${schema}" cascade`);
      if (had) await c.query(`alter schema "${aside}" rename to "${schema}"`);
    });
    throw err;
  }
  if (had) await withClient(config, (c) => c.query(`drop schema "${aside}" cascade`));
}
