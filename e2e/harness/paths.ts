import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(E2E_DIR, '..');
export const WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');
export const SERVER_MAIN = resolve(REPO_ROOT, 'apps/server/src/main.ts');
export const ARTIFACTS_DIR = resolve(E2E_DIR, 'artifacts');
/**
 * Where specs save their screenshots: e2e/artifacts/screenshots on a normal run (so a test run never
 * rewrites tracked files), docs/screenshots when refreshing the committed ones with
 * `UPDATE_SCREENSHOTS=1 npm run e2e`.
 */
export const SCREENSHOTS_DIR = process.env.UPDATE_SCREENSHOTS
  ? resolve(REPO_ROOT, 'docs/screenshots')
  : resolve(ARTIFACTS_DIR, 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
