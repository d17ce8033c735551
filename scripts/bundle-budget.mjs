#!/usr/bin/env node
// The web build's JavaScript per route against the budgets committed in apps/web/bundle-budget.json.
// A route's JavaScript is what it needs before its page renders: the entry (index.html) and the
// route's chunks (its layout and page, the router's import()s, named as Rollup names them: after the
// module's file), each with every chunk it imports statically, each chunk counted once, gzipped at
// level 9 as the server's precompressed copies are. Chunks a page loads later by import() (dialogs,
// pickers, calls, translations) are not counted. The chunk graph comes from Vite's manifest
// (dist/.vite/manifest.json, build.manifest).
//
//   node scripts/bundle-budget.mjs                 check apps/web/dist; exit 1 when a route is over
//   node scripts/bundle-budget.mjs --write         set every budget to the build's size (a deliberate change)
//   --dist <dir>  --budgets <file>                 another build or budget file (the check's own test)
//
// A route fails when its size exceeds its budget by more than `tolerance` (0.05: +5 %), and so does a
// route whose chunk is no longer in the build (its page renamed: the budget file must follow). Prints one row per route: budget, size, change.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');

function parseArgs(argv) {
  const opts = {
    dist: path.join(root, 'apps/web/dist'),
    budgets: path.join(root, 'apps/web/bundle-budget.json'),
    write: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--write') opts.write = true;
    else if (a === '--dist') opts.dist = path.resolve(argv[++i] ?? '');
    else if (a === '--budgets') opts.budgets = path.resolve(argv[++i] ?? '');
    else throw new Error(`unknown argument ${a} (--dist <dir>, --budgets <file>, --write)`);
  }
  return opts;
}

/**
 * The manifest key of the chunk loaded by import() that Rollup named `name` (a page's chunk is named
 * after its file; a chunk several pages share has a hashed key, so the key itself is no stable name).
 */
function dynamicChunk(manifest, name) {
  const keys = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
  if (keys.length === 1) return keys[0];
  throw new Error(
    keys.length === 0 ? `no chunk named ${name} in the build` : `${keys.length} chunks are named ${name}`,
  );
}

/** The files (relative to dist) the manifest keys need: their chunks and static imports, transitively. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

function gzipBytes(dist, files, cache) {
  let total = 0;
  for (const file of files) {
    if (!cache.has(file))
      cache.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    total += cache.get(file);
  }
  return total;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const manifestFile = path.join(opts.dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`bundle budget: no ${manifestFile}; run \`npm run build -w @parley/web\` first.`);
    return 1;
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const budget = JSON.parse(fs.readFileSync(opts.budgets, 'utf8'));
  const tolerance = budget.tolerance ?? 0.05;
  const cache = new Map();
  const rows = [];
  const failures = [];
  for (const [route, spec] of Object.entries(budget.routes)) {
    let size;
    try {
      const keys = ['index.html', ...spec.chunks.map((name) => dynamicChunk(manifest, name))];
      size = gzipBytes(opts.dist, closure(manifest, keys), cache);
    } catch (e) {
      failures.push(`${route}: ${e.message} (update its chunks in ${path.relative(root, opts.budgets)})`);
      rows.push({ route, budget: kb(spec.gzipBytes), size: '—', change: '—', result: 'MISSING' });
      continue;
    }
    const change = size / spec.gzipBytes - 1;
    const over = change > tolerance;
    if (over)
      failures.push(
        `${route}: ${kb(size)} gzip is ${(change * 100).toFixed(1)} % over its budget of ${kb(spec.gzipBytes)} (limit +${Math.round(tolerance * 100)} %)`,
      );
    rows.push({
      route,
      budget: kb(spec.gzipBytes),
      size: kb(size),
      change: `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`,
      result: over ? 'OVER' : 'ok',
    });
    if (opts.write) spec.gzipBytes = size;
  }
  console.log('JavaScript per route (gzip level 9) against apps/web/bundle-budget.json');
  console.table(rows);
  if (opts.write) {
    if (rows.some((r) => r.result === 'MISSING')) {
      for (const f of failures) console.error(`✗ ${f}`);
      return 1;
    }
    // Lists on one line, as Prettier writes them.
    const text = JSON.stringify(budget, null, 2).replace(
      /\[\n\s+([^\]]*?)\n\s+\]/g,
      (_, items) => `[${items.split(/,\n\s+/).join(', ')}]`,
    );
    fs.writeFileSync(opts.budgets, `${text}\n`);
    console.log(`budgets set to this build's sizes in ${opts.budgets}`);
    return 0;
  }
  for (const f of failures) console.error(`✗ ${f}`);
  if (failures.length > 0) {
    console.error(
      'A route grew past its budget: make it smaller, or raise the budget on purpose (`node scripts/bundle-budget.mjs --write`, and say why in the commit).',
    );
    return 1;
  }
  console.log(`every route within its budget (+${Math.round(tolerance * 100)} %)`);
  return 0;
}

try {
  process.exitCode = main();
} catch (e) {
  console.error(`bundle budget: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
