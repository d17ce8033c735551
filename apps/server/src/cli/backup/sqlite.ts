import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { CliError } from '../cli-error.js';
import { BackupTexts } from '../texts/backup.js';
import { CliTexts } from '../texts/messages.js';

/**
 * Copies the live SQLite file `from` into `to` with SQLite's online backup API: the copy is the
 * database as one read transaction saw it, every commit before it and none after. All pages are
 * copied in one step, so the server's commits meanwhile neither wait (WAL: readers and the writer
 * do not block each other) nor restart the copy. The copy is then switched to a rollback journal,
 * a single file with no -wal beside it (the server sets WAL again when it opens it), and checked.
 * Answers its schema version.
 */
export async function backupSqlite(
  from: string,
  to: string,
): Promise<{ version: string; migrations: number }> {
  if (!fs.existsSync(from)) throw new CliError(CliTexts.noDatabaseToCopy(from));
  const source = new SQLite(from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(to, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CliError(BackupTexts.checkFailed(from, String(check)));
    return schemaOf(copy, from);
  } finally {
    copy.close();
  }
}

/** The schema version of an SQLite file (see schema-version.ts), read without changing it. */
export function sqliteSchemaVersion(file: string): { version: string; migrations: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return schemaOf(db, file);
  } finally {
    db.close();
  }
}

function schemaOf(db: SQLite.Database, name: string): { version: string; migrations: number } {
  let rows: { name: string }[];
  try {
    rows = db.prepare('select name from kysely_migration order by name').all() as { name: string }[];
  } catch {
    rows = [];
  }
  if (!rows.length) throw new CliError(BackupTexts.noSchema(name));
  return { version: rows[rows.length - 1]!.name, migrations: rows.length };
}
