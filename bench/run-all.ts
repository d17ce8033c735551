/**
 * Runs every benchmark script in bench/ (each prints its own table), one after the other.
 *   npx tsx bench/run-all.ts            (or: npm run bench)
 * web-size.ts, picker.ts and messages-web.ts need a web build (apps/web/dist); without one they are
 * skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const root = path.resolve(benchDir, '..');

/** Why a script cannot run here, or null when it can. */
function skipReason(file: string): string | null {
  const needsWeb = file === 'web-size.ts' || file === 'picker.ts' || file === 'messages-web.ts';
  if (needsWeb && !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    return 'no web build (apps/web/dist/index.html): run `npm run build` first';
  }
  return null;
}

const scripts = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts') && f !== 'run-all.ts')
  .sort();

const summary: Array<{ script: string; result: string }> = [];
for (const file of scripts) {
  const reason = skipReason(file);
  if (reason) {
    console.log(`\n== ${file}: skipped — ${reason}`);
    summary.push({ script: file, result: `skipped (${reason})` });
    continue;
  }
  console.log(`\n== ${file}`);
  const started = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  summary.push({
    script: file,
    result: res.status === 0 ? `ok (${secs} s)` : `FAILED (exit ${res.status ?? res.signal}) after ${secs} s`,
  });
}

console.log('\n== summary');
for (const s of summary) console.log(`${s.script.padEnd(24)} ${s.result}`);
process.exit(summary.some((s) => s.result.startsWith('FAILED')) ? 1 : 0);
