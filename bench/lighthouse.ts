/**
 * First load of the built web app, in real Chromium with Lighthouse 12.2.3 (desktop, no throttling:
 * this machine, the server on localhost, cold HTTP cache), against real Parley servers (the browser
 * suite's harness), each serving one build directory:
 * - `floor`: a static page with one heading, served beside the app (what this machine takes to
 *   paint anything right now; the other rows are read against it);
 * - `uncompressed`: this build with its .br/.gz copies removed (no precompression);
 * - `this build`: apps/web/dist as built (brotli/gzip copies sent as they are);
 * - `before` (with `--before <dir>`): another build, e.g. main's, served the same way.
 * For each: /login (Lighthouse LCP, FCP, JavaScript on the wire and decoded) and /messages signed in
 * (Lighthouse LCP, and the first conversation row painted after navigation, timed in the page over
 * fresh contexts). Medians of `runs` runs (default 3); prints a table and never fails on a number.
 *   npm run build -w @parley/web && npx tsx bench/lighthouse.ts [runs=3] [--before <web dist dir>]
 * Results: docs/performance.md, "First load".
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { api, registerUser, type TestUser } from '../e2e/harness/api';
import { CHROMIUM, WEB_DIST } from '../e2e/harness/paths';
import { startServer, type TestServer } from '../e2e/harness/server';
import { lighthouseLoad, type PageLoad } from './lib/lighthouse-run.js';
import { median, printTable } from './lib/proc.js';

const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
const BEFORE = beforeAt >= 0 ? path.resolve(args[beforeAt + 1] ?? '') : null;
const RUNS = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--before') ?? 3);
const CONVERSATIONS = 20;
const DEBUG_PORT = 9300 + (process.pid % 500);
const FLOOR_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><h1>登录 Parley</h1></body></html>';

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error('no web build (apps/web/dist): run `npm run build -w @parley/web` first');
  process.exit(1);
}

/** A copy of `dir` (with the floor page added); without its compressed copies when `plain`. */
function copyOf(dir: string, plain: boolean): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lh-'));
  fs.cpSync(dir, out, { recursive: true, filter: (src) => !(plain && /\.(br|gz)$/.test(src)) });
  fs.writeFileSync(path.join(out, 'floor.html'), FLOOR_HTML);
  return out;
}

/** One user with CONVERSATIONS chats (a message from each of as many people). */
async function seed(server: TestServer): Promise<TestUser> {
  const owner = await registerUser(server, { nickName: '首屏' });
  for (let i = 0; i < CONVERSATIONS; i++) {
    const peer = await registerUser(server, { nickName: `联系人${i}` });
    await api(server, '/message/send', {
      token: peer.token,
      body: {
        conversationID: `C2C${owner.wtId}`,
        clientMsgId: `lh-${i}`,
        type: 'text',
        payload: { text: `你好 ${i}` },
      },
    });
  }
  return owner;
}

/** Navigation start → the first conversation row painted (two animation frames), in a fresh context. */
async function firstRow(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  // A string, not a function: tsx would wrap a function's inner arrows in its `__name` helper.
  const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const start = performance.now();
    const tick = () => {
      if (document.querySelector('[data-testid="conversation-row"]')) {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
      } else if (performance.now() - start > 30000) reject(new Error('no conversation row'));
      else requestAnimationFrame(tick);
    };
    tick();
  })`);
  await page.close();
  return ms;
}

interface Row {
  name: string;
  floor: number[];
  login: PageLoad[];
  messages: PageLoad[];
  rows: number[];
  encoding: string;
}

async function measure(name: string, dir: string, plain: boolean): Promise<Row> {
  const webDir = copyOf(dir, plain);
  const server = await startServer({ name: `lighthouse-${name}`, env: { PARLEY_WEB_DIST: webDir } });
  const owner = await seed(server);
  // Stored as the app stores a session (e2e/harness/browser.ts).
  const { token, imToken: _im, expiresAt: _e, ...user } = owner.login;
  const session = JSON.stringify({ token, user });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
    ],
    viewport: { width: 1280, height: 800 },
  });
  // The encoding the app's entry script is sent in (index.html itself is below the 1 KB worth compressing).
  const html = await (await fetch(`${server.url}/login`)).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '/';
  const encoding = await new Promise<string>((resolve, reject) =>
    http
      .get(`${server.url}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-encoding'] ?? 'none'));
      })
      .on('error', reject),
  );
  const row: Row = {
    name,
    floor: [],
    login: [],
    messages: [],
    rows: [],
    encoding,
  };
  try {
    for (let i = 0; i < RUNS; i++) {
      row.floor.push((await lighthouseLoad(`${server.url}/floor.html`, DEBUG_PORT, false)).lcp);
      // A guest: no session left from the signed-in run before (it would send /login on to /messages).
      const page = await context.newPage();
      await page.goto(`${server.url}/api/health`);
      await page.evaluate(() => localStorage.clear());
      row.login.push(await lighthouseLoad(`${server.url}/login`, DEBUG_PORT, false));
      // The session goes into the origin's storage from a page that loads no app code.
      await page.evaluate((s) => localStorage.setItem('parley.session', s), session);
      // Cold HTTP cache as for /login (Lighthouse keeps the cache when it keeps the storage).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      row.messages.push(await lighthouseLoad(`${server.url}/messages`, DEBUG_PORT, true));
      const fresh = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--disable-gpu'],
      });
      const ctx = await fresh.newContext({ viewport: { width: 1280, height: 800 } });
      await ctx.addInitScript((s) => localStorage.setItem('parley.session', s), session);
      row.rows.push(await firstRow(ctx, `${server.url}/messages`));
      await fresh.close();
    }
  } finally {
    await context.close();
    await server.dispose();
    fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return row;
}

const ms = (xs: number[]) => `${Math.round(median(xs))}`;
const kb = (xs: number[]) => (median(xs) / 1024).toFixed(1);

const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(`uptime load average at start: ${load}; ${os.cpus().length} CPUs; ${RUNS} runs each`);
console.log(execSync('uptime').toString().trim());
const results: Row[] = [];
if (BEFORE) results.push(await measure('before', BEFORE, false));
results.push(await measure('uncompressed', WEB_DIST, true));
results.push(await measure('this build', WEB_DIST, false));
console.log(execSync('uptime').toString().trim());

printTable(
  [
    'build',
    'entry script',
    'floor LCP ms',
    '/login LCP ms',
    '/login FCP ms',
    '/login JS on the wire KB (files)',
    '/login JS decoded KB',
    '/messages LCP ms',
    '/messages first row ms',
  ],
  results.map((r) => [
    r.name,
    r.encoding,
    ms(r.floor),
    ms(r.login.map((l) => l.lcp)),
    ms(r.login.map((l) => l.fcp)),
    `${kb(r.login.map((l) => l.jsTransferred))} (${median(r.login.map((l) => l.jsFiles))})`,
    kb(r.login.map((l) => l.jsDecoded)),
    ms(r.messages.map((l) => l.lcp)),
    ms(r.rows),
  ]),
);
console.log('targets: /login JS on the wire ≤ 150 KB, /login LCP ≤ 1000 ms, /messages first row ≤ 1000 ms');
