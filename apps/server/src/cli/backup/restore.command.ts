import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { sqlitePath } from '../../db/index.js';
import type { LocalizedText } from '@parley/protocol';
import { CliError } from '../cli-error.js';
import { BackupTexts } from '../texts/backup.js';
import { parseCommandArgs, type Command } from '../command.js';
import { knownMigrations } from '../../db/migrate.js';
import { readManifest, verifyFiles, type Manifest } from './manifest.js';
import { pgTableCount, requireTool, restorePostgres, targetSchema } from './postgres.js';
import { removeUploads, restoreUploads, storedUploads, uploadsRoot } from './uploads.js';

/** Refuses a backup this Parley cannot run: another database, or a schema newer than its migrations. */
async function assertRestorable(manifest: Manifest, config: Config): Promise<void> {
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== dialect)
    throw new CliError(BackupTexts.otherDialect(manifest.database.dialect, dialect));
  if (dialect === 'postgres' && (manifest.database.schema ?? null) !== (config.databaseSchema ?? null))
    throw new CliError(BackupTexts.otherSchema(manifest.database.schema ?? null));
  const known = await knownMigrations();
  const latest = known[known.length - 1] ?? '';
  if (manifest.schemaVersion > latest)
    throw new CliError(BackupTexts.newerSchema(manifest.schemaVersion, latest, manifest.parleyVersion));
  if (!known.includes(manifest.schemaVersion))
    throw new CliError(BackupTexts.unknownSchema(manifest.schemaVersion));
  if (manifest.uploads.copied && config.s3) throw new CliError(BackupTexts.localUploadsToS3);
}

/** What the target already holds: a database or stored uploads ([] when a restore may go there). */
async function occupied(config: Config): Promise<LocalizedText[]> {
  const found: LocalizedText[] = [];
  if (config.databaseUrl) {
    const tables = await pgTableCount(config);
    if (tables) found.push(BackupTexts.pgTables(targetSchema(config), tables));
  } else if (existsSync(sqlitePath(config))) found.push(BackupTexts.fileExists(sqlitePath(config)));
  const uploads = (await storedUploads(uploadsRoot(config.dataDir))).length;
  if (uploads) found.push(BackupTexts.uploadsHeld(uploadsRoot(config.dataDir), uploads));
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
  summary: BackupTexts.restoreSummary,
  help: BackupTexts.restoreHelp,
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
    if (there.length && !values.force) throw new CliError(BackupTexts.notEmpty(there));
    const uploads = manifest.files.map((f) => f.path).filter((p) => p.startsWith('uploads/'));
    const dbFile = path.join(dir, manifest.database.file);
    // The database first: it is replaced whole or not at all, so a failure leaves the target as it was.
    if (cfg.databaseUrl) await restorePostgres(cfg, dbFile);
    else await restoreSqliteFile(dbFile, cfg);
    if (there.length) await removeUploads(cfg.dataDir);
    await restoreUploads(dir, uploads, cfg.dataDir);
    io.out(
      BackupTexts.restored(
        dir,
        manifest.database.dialect,
        manifest.schemaVersion,
        uploads.length,
        manifest.createdAt,
      ),
    );
  },
};
