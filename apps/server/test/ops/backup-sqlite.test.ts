import fs from 'node:fs';
import path from 'node:path';
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

// `parley backup` of a live SQLite server and `parley restore` into a new data folder; the
// PostgreSQL twin is backup-postgres.test.ts.
const sqlite = !process.env.DATABASE_URL;

const backupDir = path.join(tempDir('backup-sqlite'), 'backup');
const restoredDir = path.join(tempDir('restored-sqlite'), 'data');
let source: NodeProcess | undefined;
let restored: NodeProcess | undefined;
let drill: Drill;

beforeAll(async () => {
  if (!sqlite) return;
  source = await startServer('backup-src', {});
  // In this process: the backup begins within the WAL checkpointer's 250 ms, so the last
  // acknowledged sends are still only in the WAL, which a copy of the file alone would miss.
  drill = await backupUnderLoad(source, targetEnv(source.dataDir), backupDir, cli);
}, 120_000);
afterAll(async () => {
  await source?.stop();
  await restored?.stop();
  removeTempDirs();
});

describe.runIf(sqlite)('parley backup and restore on SQLite', () => {
  it('backs up a server taking sends, with a manifest of checksums, the schema and the version', async () => {
    expect(drill.backup).toMatchObject({ code: 0, stderr: '' });
    expect(drill.backup.stdout).toMatch(
      new RegExp(
        `^backup written to ${backupDir}: sqlite schema \\d{14}_\\w+, 1 uploaded file\\(s\\), \\d+ bytes\\n$`,
      ),
    );
    expect(drill.ackedDuring).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const known = await knownMigrations();
    expect(manifest).toMatchObject({
      format: 'parley-backup',
      parleyVersion: '0.1.0',
      database: { dialect: 'sqlite', file: 'parley.db', schema: null },
      schemaVersion: known[known.length - 1],
      migrations: known.length,
      uploads: { store: 'local', copied: true, files: 1 },
    });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual([
      'parley.db',
      `uploads/${drill.upload.url.split('/').pop()!.slice(0, 2)}/${drill.upload.url.split('/').pop()}`,
    ]);
    // One self-contained file: no -wal beside it.
    expect(fs.readdirSync(backupDir).sort()).toEqual(['manifest.json', 'parley.db', 'uploads']);
  });

  it('restored into a new data folder, a server has every acknowledged message once, the file and the login', async () => {
    const env = targetEnv(restoredDir);
    const done = await compiledCli(['restore', backupDir], env);
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(done.stdout).toContain(`restored ${backupDir} (sqlite schema `);
    restored = await startServer('backup-restored', env);
    const state = await restoredState(restored, drill);
    expect(state.login).toBe(200);
    expect(state.file).toEqual({ status: 200, same: true });
    const counts = occurrences(state.texts);
    expect(drill.ackedBefore.filter((t) => counts.get(t) !== 1)).toEqual([]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    await restored.stop();
    restored = undefined;
  });

  it('refuses a data folder that holds a database unless --force', async () => {
    const env = targetEnv(restoredDir);
    const before = fs.statSync(path.join(restoredDir, 'parley.db')).mtimeMs;
    expect(await cli(['restore', backupDir], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: the target is not empty (${path.join(restoredDir, 'parley.db')} exists; ${path.join(restoredDir, 'uploads')} holds 1 file(s)): nothing was restored; --force replaces it (stop the server first)\n`,
    });
    expect(fs.statSync(path.join(restoredDir, 'parley.db')).mtimeMs).toBe(before);
    expect(await cli(['restore', backupDir, '--force'], env)).toMatchObject({ code: 0, stderr: '' });
  });

  it('refuses a backup with a flipped byte and writes nothing', async () => {
    const damaged = copyBackup(backupDir, 'damaged');
    flipByte(path.join(damaged, 'parley.db'));
    const target = path.join(tempDir('damaged-target'), 'data');
    expect(await cli(['restore', damaged], targetEnv(target))).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'parley: backup damaged: parley.db does not match its checksum in manifest.json; nothing was restored\n',
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('refuses a backup of a newer schema than this Parley knows and writes nothing', async () => {
    const newer = copyBackup(backupDir, 'newer');
    editManifest(newer, { schemaVersion: '99990101000000_from_the_future', parleyVersion: '9.0.0' });
    const known = await knownMigrations();
    const target = path.join(tempDir('newer-target'), 'data');
    expect(await cli(['restore', newer], targetEnv(target))).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: this backup's schema (99990101000000_from_the_future) is newer than this Parley's (${known[known.length - 1]}): nothing was restored; restore it with Parley 9.0.0 or later\n`,
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('refuses to write a backup into a folder that is not empty', async () => {
    expect(await cli(['backup', backupDir], targetEnv(restoredDir))).toEqual({
      code: 1,
      stdout: '',
      stderr: `parley: ${backupDir} is not empty: a backup goes into a new or empty folder\n`,
    });
  });
});
