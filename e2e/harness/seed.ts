import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import type { TestServer } from './server';

/** The demo accounts `npm run seed` creates (alice, bob, carol; password parley123). */
export const DEMO_PASSWORD = 'parley123';

/** Runs `npm run seed`'s script against a running test server's database (its SQLite file). */
export function seedDemoUsers(server: TestServer): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/seed.ts'], {
    cwd: join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, PARLEY_DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}
