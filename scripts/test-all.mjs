#!/usr/bin/env node
// The whole test suite, as the README's test command runs it (CI calls the same through .ci/run):
//  1. protocol + server + web unit/integration tests on SQLite (Redis suites when REDIS_URL is set)
//  2. the server suite again on PostgreSQL when DATABASE_URL is set (with Redis, the two-node test)
//  3. a production build of the web client, then the browser suite in real Chromium
// It installs Debian's Chromium and coturn when they are missing (root only), and ends with one line
// 'N passed, N failed, N skipped'. Every pass runs even when an earlier one failed (a SQLite failure
// must not hide what PostgreSQL or the browser suite would say); a summary of the passes comes
// before the totals, and any failure makes the exit code non-zero. In CI (CI=true) PostgreSQL and Redis are required, not optional.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.tmp', 'test-results');
fs.mkdirSync(outDir, { recursive: true });
const ci = Boolean(process.env.CI);
const only = process.argv[2]; // optional: unit | pg | e2e

function run(cmd, args, env = {}) {
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
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

function ensureBrowserDeps() {
  const missing = BROWSER_DEPS.filter((d) => !fs.existsSync(d.path)).flatMap((d) => d.packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing for the browser tests: install them with \`sudo apt-get install -y ${missing.join(' ')}\`.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian packages for the browser tests: ${missing.join(', ')}…`);
  if (run('apt-get', ['update', '-qq']) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing]) !== 0) {
    console.error(`Could not install ${missing.join(', ')} from Debian packages.`);
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One line per pass for the summary: its name, exit code and counts. */
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

function tally(name, file, code) {
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
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  passes.push({ name, code, ...counts });
}

function vitest(name, args, env) {
  const file = path.join(outDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  const code = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    env,
  );
  tally(name, file, code);
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

// Each pass runs whatever the previous ones did; `failed` only collects.
let failed = false;
const steps = only ? [only] : ['unit', 'pg', 'e2e'];
if (steps.includes('unit')) {
  // SQLite pass: DATABASE_URL is removed so the repository tests use the embedded database.
  const code = vitest('unit', ['--project', 'protocol', '--project', 'server', '--project', 'web'], {
    DATABASE_URL: '',
    PARLEY_TEST_PASS: 'sqlite',
  });
  if (code !== 0) failed = true;
}
if (steps.includes('pg')) {
  if (process.env.DATABASE_URL) {
    const code = vitest('pg', ['--project', 'server'], { PARLEY_TEST_PASS: 'postgres' });
    if (code !== 0) failed = true;
  } else {
    console.log('\nDATABASE_URL is not set: the PostgreSQL pass and the two-node test are skipped.');
  }
}
if (steps.includes('e2e')) {
  ensureBrowserDeps();
  if (run('npm', ['run', 'build', '-w', '@parley/web']) !== 0) {
    failed = true;
    totals.failed += 1;
    passes.push({ name: 'e2e', code: 1, passed: 0, failed: 1, skipped: 0, note: 'web build failed' });
  } else {
    const file = path.join(outDir, 'e2e.json');
    fs.rmSync(file, { force: true });
    const code = run(
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
      { DATABASE_URL: '', REDIS_URL: '' },
    );
    tally('e2e', file, code);
    if (code !== 0) failed = true;
  }
}

console.log('\nPasses:');
for (const p of passes) {
  const status = p.code === 0 ? 'ok' : `FAILED (exit ${p.code})`;
  const note = p.note ? ` — ${p.note}` : '';
  console.log(
    `  ${p.name.padEnd(5)} ${status}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped${note}`,
  );
  for (const line of p.failures ?? []) console.log(`        ✗ ${line}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
