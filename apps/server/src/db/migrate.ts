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
    const files = (await readdir(this.dir)).filter(
      (f) => /^\d{14}_.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'),
    );
    const out: Record<string, Migration> = {};
    for (const file of files.sort()) {
      const mod = (await import(pathToFileURL(path.join(this.dir, file)).href)) as Migration;
      out[file.replace(/\.(ts|js)$/, '')] = mod;
    }
    return out;
  }
}

export async function migrateToLatest(db: AnyDb, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: new DirectoryProvider(path.join(import.meta.dirname, 'migrations')),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
