import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { sqlitePath } from '../../db/index.js';
import { CliError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { knownMigrations } from '../../db/migrate.js';
import { readManifest, verifyFiles, type Manifest } from './manifest.js';
import { pgTableCount, requireTool, restorePostgres, targetSchema } from './postgres.js';
import { removeUploads, restoreUploads, storedUploads, uploadsRoot } from './uploads.js';

/** Refuses a backup this Parley cannot run: another database, or a schema newer than its migrations. */
async function assertRestorable(manifest: Manifest, config: Config): Promise<void> {
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== dialect)
    throw new CliError(
      `this backup holds a ${manifest.database.dialect} database and the configuration names ${dialect}` +
        (dialect === 'sqlite' ? ' (DATABASE_URL is not set)' : ' (DATABASE_URL is set)'),
    );
  if (dialect === 'postgres' && (manifest.database.schema ?? null) !== (config.databaseSchema ?? null))
    throw new CliError(
      `this backup holds PostgreSQL schema ${manifest.database.schema ?? 'public'}: set DATABASE_SCHEMA=${manifest.database.schema ?? ''} to restore it`,
    );
  const known = await knownMigrations();
  const latest = known[known.length - 1] ?? '';
  if (manifest.schemaVersion > latest)
    throw new CliError(
      `this backup's schema (${manifest.schemaVersion}) is newer than this Parley's (${latest}): nothing was restored; restore it with Parley ${manifest.parleyVersion} or later`,
    );
  if (!known.includes(manifest.schemaVersion))
    throw new CliError(
      `this backup's schema (${manifest.schemaVersion}) is not one of this Parley's migrations: nothing was restored`,
    );
  if (manifest.uploads.copied && config.s3)
    throw new CliError(
      'this backup holds local uploads and S3_BUCKET is set: restore it with the local store, or copy its uploads/ into the bucket yourself',
    );
}

/** What the target already holds: a database or stored uploads ([] when a restore may go there). */
async function occupied(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const tables = await pgTableCount(config);
    if (tables) found.push(`PostgreSQL schema ${targetSchema(config)} has ${tables} table(s)`);
  } else if (existsSync(sqlitePath(config))) found.push(`${sqlitePath(config)} exists`);
  const uploads = (await storedUploads(uploadsRoot(config.dataDir))).length;
  if (uploads) found.push(`${uploadsRoot(config.dataDir)} holds ${uploads} file(s)`);
  return found;
}

/** Puts the SQLite file in place whole: copied beside the target, renamed over it. */
async function restoreSqliteFile(from: string, config: Config): Promise<void> {
  const target = sqlitePath(config);
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = `${target}.restoring-${process.pid}`;
  await fs.copyFile(from, staging);
  for (const side of ['-wal', '-shm']) await fs.rm(`${target}${side}`, { force: true });
  await fs.rename(staging, target);
}

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'put a backup in place of an empty database (--force: of any)',
  help: `parley restore <dir> [--force]

Restores a backup written by \`parley backup\` into the configured database and data folder. Before
it writes anything it checks every file against the manifest's SHA-256, that the backup is of the
configured database (SQLite or PostgreSQL, the same DATABASE_SCHEMA) and that its schema is not
newer than this Parley's migrations. It restores only into an empty target (no SQLite file, no
tables in the schema, no uploaded files) unless --force is given, which replaces what is there:
stop the server first. Start the server after: it applies any newer migrations of this Parley.
PostgreSQL restores with pg_restore (needs it on PATH), in one transaction.`,
  async run(args, config, io) {
    const { values, positionals } = parseCommandArgs(
      this,
      args,
      { force: { type: 'boolean' } },
      { min: 1, max: 1, names: '<dir>' },
    );
    const cfg = config();
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    const manifest = await readManifest(dir);
    await assertRestorable(manifest, cfg);
    await verifyFiles(dir, manifest);
    if (cfg.databaseUrl) requireTool('pg_restore');
    const there = await occupied(cfg);
    if (there.length && !values.force)
      throw new CliError(
        `the target is not empty (${there.join('; ')}): nothing was restored; --force replaces it (stop the server first)`,
      );
    const uploads = manifest.files.map((f) => f.path).filter((p) => p.startsWith('uploads/'));
    const dbFile = path.join(dir, manifest.database.file);
    // The database first: it is replaced whole or not at all, so a failure leaves the target as it was.
    if (cfg.databaseUrl) await restorePostgres(cfg, dbFile);
    else await restoreSqliteFile(dbFile, cfg);
    if (there.length) await removeUploads(cfg.dataDir);
    await restoreUploads(dir, uploads, cfg.dataDir);
    io.out(
      `restored ${dir} (${manifest.database.dialect} schema ${manifest.schemaVersion}, ${uploads.length} uploaded file(s), taken ${manifest.createdAt}); start the server on it`,
    );
  },
};
