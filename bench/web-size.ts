/**
 * JavaScript a first visit downloads, measured in real Chromium against the built app served by a
 * real Parley server. For each scenario a fresh browser context (empty cache) opens the page, waits
 * until the network is idle, and every JS response body is gzipped (level 9) and summed.
 *   npm run build -w @parley/web && npx tsx bench/web-size.ts
 * Target: ≤ 150 KB gzip for `/` and `/login`. Prints a table; never fails on a number.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
// The same Debian Chromium and launch flags as the browser suite (e2e/harness/chromium.ts).
import { launchBrowser } from '../e2e/harness/chromium';
import { freePort } from './lib/net.js';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const TARGET_KB = 150;

interface Row {
  scenario: string;
  files: number;
  rawKB: number;
  gzipKB: number;
  target: string;
}

async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: dataDir,
      PARLEY_WEB_DIST: dist,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function register(url: string): Promise<{ token: string; user: Record<string, unknown> }> {
  const n = String(Date.now()).slice(-8);
  const res = await fetch(`${url}/api/user/login/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: `137${n}`, pwd: 'Passw0rd1', nickName: 'Bench' }),
  });
  const env = (await res.json()) as {
    code: number;
    msg: string;
    data: Record<string, unknown> & { token: string };
  };
  if (env.code !== 200) throw new Error(`register: ${env.code} ${env.msg}`);
  const { token, imToken: _i, expiresAt: _e, ...user } = env.data;
  return { token, user };
}

async function measure(
  browser: Browser,
  url: string,
  scenario: string,
  pathName: string,
  ready: string,
  session?: string,
): Promise<Row> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Runs in the page (bench/tsconfig has no DOM lib, hence the local type).
  type PageGlobals = { localStorage: { setItem(k: string, v: string): void } };
  if (session)
    await context.addInitScript(
      (s: string) => (globalThis as unknown as PageGlobals).localStorage.setItem('parley.session', s),
      session,
    );
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || type.includes('javascript'))
      bodies.push(res.body().catch(() => null));
  });
  await page.goto(`${url}${pathName}`, { waitUntil: 'networkidle' });
  await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await context.close();
  const raw = files.reduce((s, b) => s + b.length, 0);
  const gz = files.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
  const gzipKB = Math.round((gz / 1024) * 10) / 10;
  const hasTarget = pathName === '/' || pathName === '/login';
  return {
    scenario,
    files: files.length,
    rawKB: Math.round((raw / 1024) * 10) / 10,
    gzipKB,
    target: hasTarget ? (gzipKB <= TARGET_KB ? `≤ ${TARGET_KB} ✓` : `> ${TARGET_KB} ✗`) : '—',
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log('web-size: no build at apps/web/dist; run `npm run build -w @parley/web` first');
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-websize-'));
  const { url, child } = await startServer(await freePort(), dataDir);
  const browser = await launchBrowser();
  try {
    const { token, user } = await register(url);
    const session = JSON.stringify({ token, user });
    const rows = [
      await measure(browser, url, 'first visit to / (home)', '/', '#product'),
      await measure(browser, url, 'first visit to /login', '/login', '[data-testid="login-form-phone"]'),
      await measure(
        browser,
        url,
        'app shell (/messages, signed in)',
        '/messages',
        '[data-testid="sidebar"]',
        session,
      ),
    ];
    console.log('\nJavaScript downloaded on a first visit (empty cache), gzip level 9');
    console.table(rows);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
