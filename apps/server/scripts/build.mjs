/**
 * Compiles the server for `npm start` (docs/architecture.md "Running compiled"): esbuild bundles the
 * TypeScript into plain ES modules, so a start loads one file instead of compiling some three hundred
 * through tsx (about 1 s less on this project's machines, more while clients retry during a restart).
 * Packages stay in node_modules; the workspace's own packages are bundled.
 *
 *   node scripts/build.mjs [outdir] [entry]  (default apps/server/dist, src/main.ts)
 *
 * Output, next to each other because the code finds them relative to itself:
 *   main.js          the entry (or the one `buildServerBundle` is given)
 *   parley.js        the operator CLI (src/cli/entry.ts; bin/parley.mjs runs it), helper-faq.json
 *                    beside it (the FAQ `parley helper faq` loads by default)
 *   send-thread.js   the SQLite send thread's entry (send-thread.ts looks for it beside main.js)
 *   sfu-worker.js    the werift SFU's thread (werift-sfu.ts looks for it beside main.js)
 *   migrations/*.js  one file per migration (db/migrate.ts reads the folder beside main.js)
 */
import { copyFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(serverDir, 'src');

/** Every dependency but the workspace's own packages (those are TypeScript sources: bundled). */
function externals() {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  return Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@parley/'));
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  external: externals(),
  // Bundled CommonJS code calls require: give ES modules one.
  banner: {
    js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);",
  },
};

/**
 * Bundles `entry` (default src/main.ts) into `outdir` as main.js, with the send thread, the
 * operator CLI and the migrations beside it. The reconnect storm bench compiles its own server entry with it.
 */
export async function buildServerBundle(outdir, entry = path.join(src, 'main.ts')) {
  rmSync(outdir, { recursive: true, force: true });
  const migrationsDir = path.join(src, 'db', 'migrations');
  const migrations = readdirSync(migrationsDir).filter((f) => /^\d{14}_.+\.ts$/.test(f));
  await Promise.all([
    build({
      ...common,
      entryPoints: {
        main: entry,
        parley: path.join(src, 'cli', 'entry.ts'),
        'send-thread': path.join(src, 'modules', 'messaging', 'send', 'thread', 'thread.ts'),
        'sfu-worker': path.join(src, 'modules', 'calls', 'sfu', 'werift', 'worker.ts'),
      },
      outdir,
    }),
    build({
      ...common,
      entryPoints: migrations.map((f) => path.join(migrationsDir, f)),
      outdir: path.join(outdir, 'migrations'),
    }),
  ]);
  copyFileSync(path.join(serverDir, 'helper-faq.json'), path.join(outdir, 'helper-faq.json'));
  return { main: path.join(outdir, 'main.js'), migrations: migrations.length };
}

/**
 * The Node flags that run a server entry: a compiled bundle as it is (its source maps for stack
 * traces), a TypeScript file through tsx. Every harness that starts a server process uses them.
 */
export function nodeFlags(main) {
  return main.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = path.resolve(process.argv[2] ?? path.join(serverDir, 'dist'));
  const started = Date.now();
  const entry = process.argv[3] ? path.resolve(process.argv[3]) : undefined;
  const { main, migrations } = await buildServerBundle(outdir, entry);
  console.log(
    `server compiled to ${path.relative(process.cwd(), main)} (+ send thread, parley CLI, ${migrations} migrations) in ${Date.now() - started} ms`,
  );
}
