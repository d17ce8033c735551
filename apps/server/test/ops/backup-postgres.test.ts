import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '../../src/db/migrate.js';
import type { NodeProcess } from '../realtime/node-process.js';
import {
  backupUnderLoad,
  cli,
  compiledCli,
  copyBackup,
  editManifest,
  flipByte,
  occurrences,
  removeTempDirs,
  restoredState,
  startServer,
  targetEnv,
  tempDir,
  type Drill,
} from './backup-drill.js';

// `parley backup` (pg_dump -Fc) of a live PostgreSQL server and `parley restore` (pg_restore) into
// a new database. Each database is this process's own, dropped after.
const adminUrl = process.env.DATABASE_URL;
const databases = ['src', 'dst', 'spare'].map((n) => `parley_backup_test_${process.pid}_${n}`);
const urlOf = (name: string) => {
  // The SQLite pass has no server to name (the suite is skipped there).
  if (!adminUrl) return '';
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const [srcUrl, dstUrl, spareUrl] = databases.map(urlOf) as [string, string, string];

async function admin(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    return Number(res.rows[0]!.n);
  } finally {
    await client.end();
  }
}

const backupDir = path.join(tempDir('backup-pg'), 'backup');
const restoredDir = path.join(tempDir('restored-pg'), 'data');
let source: NodeProcess | undefined;
let restored: NodeProcess | undefined;
let drill: Drill;

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(databases.flatMap((d) => [`drop database if exists ${d}`, `create database ${d}`]));
  source = await startServer('backup-pg-src', { DATABASE_URL: srcUrl });
  drill = await backupUnderLoad(source, targetEnv(source.dataDir, srcUrl), backupDir);
}, 120_000);
afterAll(async () => {
  await source?.stop();
  await restored?.stop();
  if (adminUrl) await admin(databases.map((d) => `drop database if exists ${d} with (force)`));
  removeTempDirs();
});

describe.runIf(adminUrl)('parley backup and restore on PostgreSQL', () => {
  it('dumps a server taking sends, with a manifest of checksums, the schema and the version', async () => {
    expect(drill.backup).toMatchObject({ code: 0, stderr: '' });
    expect(drill.backup.stdout).toMatch(
      new RegExp(
        `^backup written to ${backupDir}: postgres schema \\d{14}_\\w+, 1 uploaded file\\(s\\), \\d+ bytes\\n$`,
      ),
    );
    expect(drill.ackedDuring).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const known = await knownMigrations();
    expect(manifest).toMatchObject({
      database: { dialect: 'postgres', file: 'parley.dump', schema: null },
      schemaVersion: known[known.length - 1],
      migrations: known.length,
      uploads: { store: 'local', copied: true, files: 1 },
    });
    expect(fs.readFileSync(path.join(backupDir, 'parley.dump')).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('restored into a new database, a server has every acknowledged message once, the file and the login', async () => {
    const env = targetEnv(restoredDir, dstUrl);
    const done = await compiledCli(['restore', backupDir], env);
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(done.stdout).toContain(`restored ${backupDir} (postgres schema `);
    restored = await startServer('backup-pg-restored', {
      PARLEY_DATA_DIR: restoredDir,
      DATABASE_URL: dstUrl,
    });
    const state = await restoredState(restored, drill);
    expect(state.login).toBe(200);
    expect(state.file).toEqual({ status: 200, same: true });
    const counts = occurrences(state.texts);
    expect(drill.ackedBefore.filter((t) => counts.get(t) !== 1)).toEqual([]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    await restored.stop();
    restored = undefined;
  });

  it('refuses a database with tables unless --force, which replaces it', async () => {
    const env = targetEnv(restoredDir, dstUrl);
    const tables = await tableCount(dstUrl);
    expect(await cli(['restore', backupDir], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: the target is not empty (PostgreSQL schema public has ${tables} table(s); ${path.join(restoredDir, 'uploads')} holds 1 file(s)): nothing was restored; --force replaces it (stop the server first)\n`,
    });
    expect(await cli(['restore', backupDir, '--force'], env)).toMatchObject({ code: 0, stderr: '' });
    expect(await tableCount(dstUrl)).toBe(tables);
  });

  it('refuses a dump with a flipped byte and writes nothing', async () => {
    const damaged = copyBackup(backupDir, 'damaged-pg');
    flipByte(path.join(damaged, 'parley.dump'));
    const target = path.join(tempDir('damaged-pg-target'), 'data');
    expect(await cli(['restore', damaged], targetEnv(target, spareUrl))).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'parley: backup damaged: parley.dump does not match its checksum in manifest.json; nothing was restored\n',
    });
    expect(await tableCount(spareUrl)).toBe(0);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('refuses a backup of a newer schema than this Parley knows and writes nothing', async () => {
    const newer = copyBackup(backupDir, 'newer-pg');
    editManifest(newer, { schemaVersion: '99990101000000_from_the_future', parleyVersion: '9.0.0' });
    const known = await knownMigrations();
    expect(
      await cli(['restore', newer], targetEnv(path.join(tempDir('newer-pg'), 'data'), spareUrl)),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: this backup's schema (99990101000000_from_the_future) is newer than this Parley's (${known[known.length - 1]}): nothing was restored; restore it with Parley 9.0.0 or later\n`,
    });
    expect(await tableCount(spareUrl)).toBe(0);
  });

  it('a backup of one DATABASE_SCHEMA restores into that schema of another database, and only there', async () => {
    const schema = `bk_one_${process.pid}`;
    const from = { ...targetEnv(path.join(tempDir('schema-src'), 'data'), srcUrl), DATABASE_SCHEMA: schema };
    expect((await cli(['migrate'], from)).code).toBe(0);
    const dir = path.join(tempDir('schema-backup'), 'backup');
    expect(await cli(['backup', dir], from)).toMatchObject({ code: 0, stderr: '' });
    const to = { ...targetEnv(path.join(tempDir('schema-dst'), 'data'), spareUrl), DATABASE_SCHEMA: schema };
    expect(await cli(['restore', dir], { ...to, DATABASE_SCHEMA: 'another_schema' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: this backup holds PostgreSQL schema ${schema}: set DATABASE_SCHEMA=${schema} to restore it\n`,
    });
    expect(await cli(['restore', dir], to)).toMatchObject({ code: 0, stderr: '' });
    expect((await cli(['migrate'], to)).stdout).toMatch(
      /^postgres database at schema \d{14}_\w+ \(\d+ migrations\)\n$/,
    );
    expect(await tableCount(spareUrl)).toBe(0);
  });

  it('refuses a PostgreSQL backup where the configuration names SQLite', async () => {
    expect(await cli(['restore', backupDir], targetEnv(path.join(tempDir('wrong-db'), 'data')))).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'parley: this backup holds a postgres database and the configuration names sqlite (DATABASE_URL is not set)\n',
    });
  });

  it('names pg_dump when it is not on PATH', async () => {
    const env = { ...targetEnv(path.join(tempDir('no-pg-dump'), 'data'), srcUrl), PATH: '/nonexistent' };
    const target = path.join(tempDir('no-pg-dump-backup'), 'backup');
    // Its own process: the CLI looks for pg_dump on its PATH.
    expect(await compiledCli(['backup', target], env)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "parley: pg_dump is needed for a PostgreSQL backup and was not found on PATH: install the PostgreSQL client tools of the server's major version or newer (Debian/Ubuntu: apt install postgresql-client)\n",
    });
    expect(fs.existsSync(target)).toBe(false);
  });
});
