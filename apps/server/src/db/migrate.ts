import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { AnyDb } from './dialect.js';

/**
 * Loads migrations from db/migrations: files named `YYYYMMDDHHMMSS_name.ts`, each exporting
 * `up(db)` (and optionally `down`). The same set runs on SQLite and PostgreSQL.
 */
class DirectoryProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = await migrationFiles(this.dir);
    const out: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(this.dir, file)).href)) as Migration;
      out[file.replace(/\.(ts|js)$/, '')] = mod;
    }
    return out;
  }
}

async function migrationFiles(dir: string): Promise<string[]> {
  const files = await readdir(dir);
  return files.filter((f) => /^\d{14}_.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
}

/** db/migrations in the sources; migrations/ beside the bundle (scripts/build.mjs). */
const migrationsDir = () => path.join(import.meta.dirname, 'migrations');

const migrator = (db: AnyDb, schema?: string) =>
  new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: new DirectoryProvider(migrationsDir()),
  });

/** The migrations this build of Parley carries, oldest first: the schema versions it can run. */
export async function knownMigrations(): Promise<string[]> {
  return (await migrationFiles(migrationsDir())).map((f) => f.replace(/\.(ts|js)$/, ''));
}

/**
 * The schema version of a database: the newest migration applied to it and how many are (null
 * before the first).
 */
export async function schemaVersion(
  db: AnyDb,
  schema?: string,
): Promise<{ version: string; migrations: number } | null> {
  const applied = (await migrator(db, schema).getMigrations()).filter((m) => m.executedAt);
  return applied.length ? { version: applied[applied.length - 1]!.name, migrations: applied.length } : null;
}

export async function migrateToLatest(db: AnyDb, schema?: string): Promise<string[]> {
  const { error, results } = await migrator(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
