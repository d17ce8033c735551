#!/usr/bin/env node
// The whole test suite, as the README's test command runs it (CI calls the same through .ci/run):
//  - protocol + server + web unit/integration tests on SQLite (Redis suites when REDIS_URL is set)
//  - the server suite again on PostgreSQL when DATABASE_URL is set (with Redis, the two-node tests),
//    less the files that never touch the database (NOT_FOR_POSTGRES)
//  - a production build of the web client, then the browser suite in real Chromium
// The SQLite pass, the PostgreSQL pass and the web build run at the same time: they share no state
// (temp dirs against per-file schemas, random Redis prefixes). The browser suite starts when all
// three are done. Each concurrent pass writes its output to a log that is printed whole when the pass
// ends, so passes never interleave line by line.
// It installs the Debian packages the suites need when they are missing (root only: Chromium, coturn,
// Janus, PocketSphinx), and ends with the time and counts of each pass, each failed test, and one
// line 'N passed, N failed, N skipped'. Every pass runs even when another one failed (a SQLite
// failure must not hide what PostgreSQL or the browser suite would say); any failure makes the exit
// code non-zero. In CI (CI=true) PostgreSQL and Redis are required, not optional.
//
//   node scripts/test-all.mjs [unit] [pg] [e2e]   only those passes
//   TEST_WORKERS=N   test files at once in each server pass (default: 1 while the SQLite and
//                    PostgreSQL passes run side by side, which fills two cores as fast as 2 each
//                    did, 188 s against 197 s; 2 for a server pass on its own)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.tmp', 'test-results');
fs.mkdirSync(outDir, { recursive: true });
const ci = Boolean(process.env.CI);
const runStarted = Date.now();

/**
 * Server test files the PostgreSQL pass leaves out, because there they would run exactly what the
 * SQLite pass already ran: the unit tests under src/ (no database), the suites that force or only run
 * on SQLite, the file-storage suites (their subject is the storage, not the database) and the
 * offline speech recognizer's (its subject is PocketSphinx).
 */
const NOT_FOR_POSTGRES = [
  'apps/server/src/**',
  'apps/server/test/seed.test.ts',
  'apps/server/test/checks/**',
  'apps/server/test/messaging/send-thread.test.ts',
  'apps/server/test/messaging/now-driver.test.ts',
  'apps/server/test/messaging/search-index.test.ts',
  'apps/server/test/uploads/uploads.test.ts',
  'apps/server/test/uploads/tus.test.ts',
  'apps/server/test/uploads/s3.test.ts',
  'apps/server/test/uploads/profile.test.ts',
  'apps/server/test/translation/pocketsphinx.test.ts',
  // No database in their subject: the SFU back ends (werift, Janus) and their settings, Redis lost
  // under a node, the precompressed static files, the catalogue check.
  'apps/server/test/calls/sfu.test.ts',
  'apps/server/test/calls/sfu-config.test.ts',
  'apps/server/test/realtime/redis-loss.test.ts',
  'apps/server/test/ops/disk-full.test.ts',
  'apps/server/test/web/static-assets.test.ts',
  'apps/server/test/catalogue/untested-codes.test.ts',
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command with its output on this terminal (the sequential steps). */
function runInline(cmd, args, env = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/**
 * Runs a command beside others, its output into `name`.log; when it ends the log is printed whole
 * under a header. Resolves to the exit code.
 */
function runLogged(name, cmd, args, env = {}) {
  const logFile = path.join(outDir, `${name}.log`);
  const out = fs.openSync(logFile, 'w');
  console.log(`[${name}] started: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        ...env,
      },
    });
    child.on('close', (code, signal) => {
      fs.closeSync(out);
      const status = code ?? (signal ? 1 : 0);
      console.log(`\n──── ${name}: exit ${status} after ${seconds(Date.now() - started)} (${logFile}) ────`);
      process.stdout.write(fs.readFileSync(logFile));
      resolve(status);
    });
  });
}

/**
 * Debian packages the browser suite needs, each found by a file it installs: Chromium, CJK and color
 * emoji fonts (a Chromium installed without them draws Chinese, and half of the composer's emoji
 * panel, as empty boxes in the screenshots) and coturn (the TURN call test).
 */
const BROWSER_DEPS = [
  { path: '/usr/bin/chromium', packages: ['chromium'] },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', packages: ['fonts-noto-cjk'] },
  { path: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf', packages: ['fonts-noto-color-emoji'] },
  { path: '/usr/bin/turnserver', packages: ['coturn'] },
];
/**
 * The server suites start and stop a redis-server of their own (realtime/redis-loss.test.ts), and a
 * Janus for the SFU tests' second back end (calls/sfu.test.ts).
 */
const SERVER_DEPS = [
  { path: '/usr/bin/redis-server', packages: ['redis-server'] },
  { path: '/usr/bin/janus', packages: ['janus'] },
  { path: '/usr/bin/prometheus', packages: ['prometheus'] },
];

/**
 * Debian packages of the offline voice-to-text test (apps/server/test/translation/pocketsphinx.test.ts):
 * espeak-ng speaks a sentence, ffmpeg converts it, PocketSphinx and its English model recognize it.
 * Without root (and outside CI) the test skips itself with a loud message instead.
 */
const SPEECH_DEPS = [
  { path: '/usr/bin/espeak-ng', packages: ['espeak-ng'] },
  { path: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  { path: '/usr/bin/pocketsphinx_continuous', packages: ['pocketsphinx'] },
  { path: '/usr/share/pocketsphinx/model/en-us/en-us/mdef', packages: ['pocketsphinx-en-us'] },
];

function ensureDebianDeps(deps, purpose, { optional = false } = {}) {
  const missing = deps.filter((d) => !fs.existsSync(d.path)).flatMap((d) => d.packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing for the ${purpose}: install them with \`sudo apt-get install -y ${missing.join(' ')}\`.`,
    );
    if (optional && !ci) return;
    process.exit(1);
  }
  console.log(`Installing Debian packages for the ${purpose}: ${missing.join(', ')}…`);
  if (
    runInline('apt-get', ['update', '-qq']) !== 0 ||
    runInline('apt-get', ['install', '-y', '-qq', ...missing]) !== 0
  ) {
    console.error(`Could not install ${missing.join(', ')} from Debian packages.`);
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One line per pass for the summary: its name, exit code, counts and time. */
const passes = [];
/**
 * The failed tests of a JSON report, one line each: file, test name and the first line of its error.
 * They are printed again after the summary, so the end of a long log (all CI keeps) names them.
 */
function failedTests(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const why = String(a.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      lines.push(`${rel} > ${a.fullName}: ${why}`);
    }
    // A file that failed to load or whose hooks threw has no failed assertion to name.
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(
        `${rel}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}

/**
 * An error outside any test (vitest's "Unhandled Errors" section) fails a pass without a failed test
 * to name: the first lines of each such error, taken from the pass's log, so the summary names it.
 */
function errorsOutsideTests(logFile) {
  let text = '';
  try {
    // eslint-disable-next-line no-control-regex -- the log carries ANSI colour codes
    text = fs.readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/Unhandled (Error|Rejection)/.test(lines[i])) continue;
    const body = lines
      .slice(i + 1, i + 12)
      .map((l) => l.trim())
      .filter((l) => l && !/^⎯+/.test(l));
    out.push(`outside any test: ${lines[i].replace(/⎯/g, '').trim()} ${body.join(' | ')}`.slice(0, 600));
  }
  return out;
}

function tally(name, file, code, ms) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    counts.passed = r.numPassedTests ?? 0;
    counts.failed = r.numFailedTests ?? 0;
    counts.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    counts.failures = failedTests(r);
  } catch {
    counts.failed = 1; // the runner crashed before writing results
  }
  // A runner that exits non-zero with no failed test (e.g. an error outside any test) still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  if (code !== 0 && counts.failures.length === 0)
    counts.failures = errorsOutsideTests(path.join(outDir, `${name}.log`));
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  passes.push({ name, code, ms, ...counts });
}

/** One vitest pass beside the others; its counts come from its JSON report. */
async function vitest(name, args, env) {
  const file = path.join(outDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  const started = Date.now();
  const code = await runLogged(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    env,
  );
  tally(name, file, code, Date.now() - started);
  return code;
}

if (ci) {
  for (const key of ['DATABASE_URL', 'REDIS_URL']) {
    if (!process.env[key]) {
      console.error(`CI requires ${key}: the PostgreSQL and Redis suites must run.`);
      process.exit(1);
    }
  }
}

const PASSES = ['unit', 'pg', 'e2e'];
const steps = process.argv.length > 2 ? process.argv.slice(2) : PASSES;
const unknown = steps.filter((s) => !PASSES.includes(s));
if (unknown.length > 0) {
  console.error(`Unknown pass ${unknown.join(', ')}: the passes are ${PASSES.join(', ')}.`);
  process.exit(2);
}
const serverPasses = steps.filter((s) => s === 'unit' || (s === 'pg' && process.env.DATABASE_URL)).length;
const workers = process.env.TEST_WORKERS || (serverPasses > 1 ? '1' : '2');
const concurrent = [];
if (steps.includes('e2e')) ensureDebianDeps(BROWSER_DEPS, 'browser tests');
if (serverPasses > 0) ensureDebianDeps(SPEECH_DEPS, 'voice-to-text test', { optional: true });
if (serverPasses > 0) ensureDebianDeps(SERVER_DEPS, 'server tests');
if (steps.includes('unit')) {
  // SQLite pass: DATABASE_URL is removed so the repository tests use the embedded database.
  concurrent.push(
    vitest(
      'unit',
      ['--project', 'protocol', '--project', 'server', '--project', 'web', `--maxWorkers=${workers}`],
      { DATABASE_URL: '', PARLEY_TEST_PASS: 'sqlite' },
    ),
  );
}
/**
 * Each PostgreSQL test server migrates its own schema, and the first migration in a database creates
 * pg_trgm. An extension created before the migration named `public` (or by an interrupted run) may
 * live in a test schema, and a test dropping that schema drops the extension under the others'
 * indexes: move it to `public` first.
 */
async function extensionsToPublic() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    if (rows[0] && rows[0].nspname !== 'public')
      await client.query('ALTER EXTENSION pg_trgm SET SCHEMA public');
  } finally {
    await client.end();
  }
}

if (steps.includes('pg')) {
  if (process.env.DATABASE_URL) {
    await extensionsToPublic();
    const exclude = NOT_FOR_POSTGRES.flatMap((glob) => ['--exclude', glob]);
    concurrent.push(
      vitest('pg', ['--project', 'server', `--maxWorkers=${workers}`, ...exclude], {
        PARLEY_TEST_PASS: 'postgres',
      }),
    );
  } else {
    console.log('\nDATABASE_URL is not set: the PostgreSQL pass and the two-node tests are skipped.');
  }
}
let webBuild = Promise.resolve(0);
if (steps.includes('e2e')) webBuild = runLogged('web-build', 'npm', ['run', 'build', '-w', '@parley/web']);
const buildCode = await webBuild;
await Promise.all(concurrent);

// The web build's JavaScript per route against apps/web/bundle-budget.json (+5 % fails): one check.
if (steps.includes('e2e') && buildCode === 0) {
  const started = Date.now();
  const code = runInline(process.execPath, ['scripts/bundle-budget.mjs']);
  const failed = code === 0 ? 0 : 1;
  totals.passed += 1 - failed;
  totals.failed += failed;
  passes.push({ name: 'budget', code, ms: Date.now() - started, passed: 1 - failed, failed, skipped: 0 });
}

if (steps.includes('e2e')) {
  if (buildCode !== 0) {
    totals.failed += 1;
    passes.push({ name: 'e2e', code: 1, ms: 0, passed: 0, failed: 1, skipped: 0, note: 'web build failed' });
  } else {
    const file = path.join(outDir, 'e2e.json');
    fs.rmSync(file, { force: true });
    const started = Date.now();
    const code = runInline(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'e2e/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${file}`,
      ],
      // The browser suite runs the product on its embedded defaults (SQLite, in-process bus).
      // The PostgreSQL stall spec takes its database from PARLEY_E2E_DATABASE_URL.
      { DATABASE_URL: '', REDIS_URL: '', PARLEY_E2E_DATABASE_URL: process.env.DATABASE_URL ?? '' },
    );
    tally('e2e', file, code, Date.now() - started);
  }
}

console.log('\nPasses:');
for (const p of passes) {
  const status = p.code === 0 ? 'ok' : `FAILED (exit ${p.code})`;
  const note = p.note ? ` — ${p.note}` : '';
  console.log(
    `  ${p.name.padEnd(5)} ${status}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped in ${seconds(p.ms)}${note}`,
  );
  for (const line of p.failures ?? []) console.log(`        ✗ ${line}`);
}
const together = concurrent.length > 1 ? ' (the SQLite and PostgreSQL passes side by side)' : '';
console.log(`  total ${seconds(Date.now() - runStarted)}${together}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(passes.some((p) => p.code !== 0) || totals.failed > 0 ? 1 : 0);
