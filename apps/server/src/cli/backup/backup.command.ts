import fs from 'node:fs/promises';
import path from 'node:path';
import serverPackage from '../../../package.json' with { type: 'json' };
import { sqlitePath } from '../../db/index.js';
import { CliError } from '../cli-error.js';
import { BackupTexts } from '../texts/backup.js';
import { parseCommandArgs, type Command } from '../command.js';
import { describeFile, writeManifest, type Manifest } from './manifest.js';
import { dumpPostgres, pgSchemaVersion, requireTool } from './postgres.js';
import { backupSqlite } from './sqlite.js';
import { copyUploads } from './uploads.js';

/** Whether `dir` may receive a backup: it does not exist, or is an empty folder. */
async function assertFreshTarget(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new CliError(BackupTexts.targetIsFile(dir));
    throw err;
  }
  if (entries.length) throw new CliError(BackupTexts.targetNotEmpty(dir));
}

export const backupCommand: Command = {
  name: 'backup',
  summary: BackupTexts.summary,
  help: BackupTexts.help,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<dir>' });
    const cfg = config();
    const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    await assertFreshTarget(dir);
    if (cfg.databaseUrl) requireTool('pg_dump');
    const staging = `${dir}.partial-${process.pid}`;
    await fs.mkdir(staging, { recursive: true });
    try {
      const createdAt = new Date().toISOString();
      let database: Manifest['database'];
      let schema: { version: string; migrations: number };
      if (cfg.databaseUrl) {
        schema = await pgSchemaVersion(cfg);
        database = { dialect: 'postgres', file: 'parley.dump', schema: cfg.databaseSchema ?? null };
        await dumpPostgres(cfg, path.join(staging, database.file));
      } else {
        database = { dialect: 'sqlite', file: 'parley.db', schema: null };
        schema = await backupSqlite(sqlitePath(cfg), path.join(staging, database.file));
      }
      // After the database: a file it names was stored before it, so it is there too.
      const uploads = cfg.s3 ? [] : await copyUploads(cfg.dataDir, staging);
      const files = [];
      for (const rel of [database.file, ...uploads]) files.push(await describeFile(staging, rel));
      await writeManifest(staging, {
        parleyVersion: serverPackage.version,
        createdAt,
        database,
        schemaVersion: schema.version,
        migrations: schema.migrations,
        uploads: { store: cfg.s3 ? 's3' : 'local', copied: !cfg.s3, files: uploads.length },
        files,
      });
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rename(staging, dir);
      if (cfg.s3) io.err(BackupTexts.s3NotCopied(cfg.s3.bucket));
      const bytes = files.reduce((n, f) => n + f.bytes, 0);
      io.out(BackupTexts.written(dir, database.dialect, schema.version, uploads.length, bytes));
    } catch (err) {
      await fs.rm(staging, { recursive: true, force: true });
      throw err;
    }
  },
};
