import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compiledServer } from '../apps/server/test/compiled-server';
import { ARTIFACTS_DIR, CHROMIUM, WEB_DIST } from './harness/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Snapshot of apps/web/dist taken when the run started (see below). */
    webDist: string;
    /** The server compiled for this run, as `npm start` runs it (see below). */
    serverMain: string;
  }
}

/**
 * Checks the prerequisites once (a built web app, Debian's Chromium — installed when missing) and
 * snapshots the build: servers of this run serve the copy, so a rebuild of apps/web/dist during the
 * run (another terminal, `vite build --watch`) cannot pull files from under the browser. The specs
 * run the server compiled as `npm start` runs it, the same bundle the server suites use
 * (apps/server/test/compiled-server.ts: built once per source tree, inside the repository, where it
 * finds its packages).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error(`No web build at ${WEB_DIST}. Run \`npm run build -w @parley/web\` first.`);
  }
  if (!existsSync(CHROMIUM)) {
    console.log('[e2e] Chromium missing: installing the Debian package');
    try {
      execFileSync('apt-get', ['update'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], {
        stdio: 'inherit',
      });
    } catch (e) {
      throw new Error(`Chromium is required at ${CHROMIUM} (apt-get install -y chromium): ${String(e)}`);
    }
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const snapshot = join(mkdtempSync(join(tmpdir(), 'parley-e2e-web-')), 'dist');
  cpSync(WEB_DIST, snapshot, { recursive: true });
  if (!existsSync(join(snapshot, 'index.html')))
    throw new Error('web build changed while it was being copied; run again');
  project.provide('webDist', snapshot);
  project.provide('serverMain', (await compiledServer()).main);
  return () => {
    rmSync(join(snapshot, '..'), { recursive: true, force: true });
  };
}
