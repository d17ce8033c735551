import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.js';
import { BackupTexts } from '../texts/backup.js';

export const MANIFEST = 'manifest.json';
const FORMAT = 'parley-backup';
const FORMAT_VERSION = 1;

/** One file of a backup: its path inside the backup folder (`/`-separated), size and SHA-256. */
export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** manifest.json: what a backup holds and what it was taken from (docs/operations.md "Backup and restore"). */
export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  parleyVersion: string;
  createdAt: string;
  database: {
    dialect: 'sqlite' | 'postgres';
    /** The database's file in the backup: `parley.db` (SQLite) or `parley.dump` (pg_dump -Fc). */
    file: string;
    /** PostgreSQL: the schema dumped (DATABASE_SCHEMA), null for the connection's default (public). */
    schema: string | null;
  };
  /** The newest migration applied to the database, and how many were. */
  schemaVersion: string;
  migrations: number;
  /** The uploads store: local files are in `uploads/`; an S3 bucket's are not copied. */
  uploads: { store: 'local' | 's3'; copied: boolean; files: number };
  files: BackupFile[];
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The entry of a file already inside the backup folder `dir`. */
export async function describeFile(dir: string, relative: string): Promise<BackupFile> {
  const full = path.join(dir, relative);
  const stat = await fs.stat(full);
  return { path: relative.split(path.sep).join('/'), bytes: stat.size, sha256: await sha256Of(full) };
}

export async function writeManifest(dir: string, manifest: Omit<Manifest, 'format' | 'formatVersion'>) {
  const whole: Manifest = { format: FORMAT, formatVersion: FORMAT_VERSION, ...manifest };
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(whole, null, 2)}\n`);
}

/** Reads and checks the shape of `dir`'s manifest: a CliError saying what is wrong otherwise. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new CliError(BackupTexts.manifestMissing(file));
  }
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new CliError(BackupTexts.manifestNotJson(file));
  }
  if (m.format !== FORMAT) throw new CliError(BackupTexts.notABackup(file, FORMAT));
  if (m.formatVersion !== FORMAT_VERSION)
    throw new CliError(BackupTexts.otherFormat(file, String(m.formatVersion), FORMAT_VERSION));
  const valid =
    typeof m.schemaVersion === 'string' &&
    (m.database?.dialect === 'sqlite' || m.database?.dialect === 'postgres') &&
    typeof m.database.file === 'string' &&
    Array.isArray(m.files) &&
    m.files.every(
      (f) =>
        typeof f?.path === 'string' &&
        typeof f.bytes === 'number' &&
        typeof f.sha256 === 'string' &&
        safeRelative(f.path),
    ) &&
    m.files.some((f) => f.path === m.database!.file);
  if (!valid) throw new CliError(BackupTexts.manifestDamaged(file));
  return m as Manifest;
}

/** A path that stays inside the backup folder: relative, no `..`, no empty parts. */
function safeRelative(p: string): boolean {
  return (
    p.length > 0 &&
    !p.startsWith('/') &&
    p.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * Checks every file the manifest lists against its size and SHA-256, reading each whole: a
 * CliError naming the first that differs or is missing.
 */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const f of manifest.files) {
    const full = path.join(dir, ...f.path.split('/'));
    let stat;
    try {
      stat = await fs.stat(full);
    } catch {
      throw new CliError(BackupTexts.fileMissing(f.path));
    }
    if (stat.size !== f.bytes || (await sha256Of(full)) !== f.sha256)
      throw new CliError(BackupTexts.checksum(f.path, MANIFEST));
  }
}
