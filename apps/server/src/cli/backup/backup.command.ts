import fs from 'node:fs/promises';
import path from 'node:path';
import serverPackage from '../../../package.json' with { type: 'json' };
import { sqlitePath } from '../../db/index.js';
import { CliError } from '../cli-error.js';
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
    if (code === 'ENOTDIR') throw new CliError(`${dir} is a file, not a folder`);
    throw err;
  }
  if (entries.length) throw new CliError(`${dir} is not empty: a backup goes into a new or empty folder`);
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'copy the database and the uploaded files into a folder, while the server runs',
  help: `parley backup <dir>

Writes a consistent copy of the configured database and the uploaded files into <dir> (new or
empty), while the server keeps serving:
  parley.db     SQLite: the online backup API's copy (one snapshot)
  parley.dump   PostgreSQL: pg_dump -Fc (needs pg_dump on PATH)
  uploads/      the local uploads store (an S3 bucket's files are not copied)
  manifest.json the SHA-256 of every file, the schema version and the Parley version
The folder appears whole or not at all (it is written beside it, then renamed).
Restore it with \`parley restore <dir>\`. Details: docs/operations.md "Backup and restore".`,
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
      if (cfg.s3)
        io.err(
          `uploads are in the S3 bucket ${cfg.s3.bucket} and were not copied: back the bucket up with the store's own versioning or replication`,
        );
      const bytes = files.reduce((n, f) => n + f.bytes, 0);
      io.out(
        `backup written to ${dir}: ${database.dialect} schema ${schema.version}, ${uploads.length} uploaded file(s), ${bytes} bytes`,
      );
    } catch (err) {
      await fs.rm(staging, { recursive: true, force: true });
      throw err;
    }
  },
};
