import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerBundle } from '../scripts/build.mjs';

/**
 * The server as `npm start` runs it (scripts/build.mjs), compiled once for all the suites of a run:
 * test files in several worker processes, and the browser suite, ask for it, and the first one builds
 * it. The bundle lies in `<repo>/.tmp/server-bundle-<hash>`, where `<hash>` covers everything the
 * bundle is built from, so an unchanged tree is never compiled twice and an edited one gets a bundle
 * of its own. A lock file beside it lets one process build while the others wait for it; the bundle
 * is built in a staging folder and renamed into place, so a `main.js` that exists is a whole bundle.
 * Bundles nobody used for a day are removed when a new one is built.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '../..');
const bundlesDir = path.join(repoRoot, '.tmp');
const PREFIX = 'server-bundle-';
const UNUSED_FOR_MS = 24 * 3600_000;
/** How often a waiting process looks whether the build it waits for is done. */
const POLL_MS = 100;

export interface CompiledServer {
  /** The bundle's folder: main.js, send-thread.js and migrations/. */
  dir: string;
  /** Its entry, for `startNodeProcess(…, compiledMain)` or `node main.js`. */
  main: string;
}

let once: Promise<CompiledServer> | undefined;

/** The compiled server for this source tree, built if no process built it yet. */
export function compiledServer(): Promise<CompiledServer> {
  once ??= locate();
  return once;
}

/**
 * The bundles import the server's packages that npm keeps in apps/server/node_modules (not hoisted,
 * e.g. werift, which the SFU's worker loads): `.tmp/node_modules` points there, ahead of the root's.
 */
function linkServerPackages(): void {
  const link = path.join(bundlesDir, 'node_modules');
  if (fs.existsSync(link)) return;
  try {
    fs.symlinkSync(path.join(serverDir, 'node_modules'), link, 'dir');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

async function locate(): Promise<CompiledServer> {
  const dir = path.join(bundlesDir, `${PREFIX}${sourceHash()}`);
  const main = path.join(dir, 'main.js');
  const lock = `${dir}.lock`;
  fs.mkdirSync(bundlesDir, { recursive: true });
  linkServerPackages();
  for (;;) {
    if (fs.existsSync(main)) {
      const now = new Date();
      fs.utimesSync(dir, now, now); // in use: not pruned
      return { dir, main };
    }
    if (takeLock(lock)) {
      try {
        if (!fs.existsSync(main)) await build(dir);
      } finally {
        fs.rmSync(lock, { force: true });
      }
      continue;
    }
    // Another process builds it: wait until it is done, or gone without finishing.
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function build(dir: string): Promise<void> {
  const staging = `${dir}.build-${process.pid}`;
  await buildServerBundle(staging);
  try {
    fs.renameSync(staging, dir);
  } catch (err) {
    // Built meanwhile by a process that took a lock this one thought stale: theirs is as good.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'main.js'))) throw err;
  }
  prune(dir);
}

/**
 * Creates the lock holding this process's id, all at once (a hard link fails if the lock exists).
 * A lock whose process is gone is removed, and taken on the next try.
 */
function takeLock(lock: string): boolean {
  const mine = `${lock}.${process.pid}`;
  fs.writeFileSync(mine, String(process.pid));
  try {
    fs.linkSync(mine, lock);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (!alive(Number(readOr(lock, '')))) fs.rmSync(lock, { force: true });
    return false;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/** Other bundles unused for a day, and staging folders of builds whose process is gone. */
function prune(current: string): void {
  for (const name of fs.readdirSync(bundlesDir)) {
    if (!name.startsWith(PREFIX)) continue;
    const full = path.join(bundlesDir, name);
    if (full === current || name.endsWith('.lock')) continue;
    const staging = /\.build-(\d+)$/.exec(name);
    const stale = staging
      ? !alive(Number(staging[1]))
      : Date.now() - fs.statSync(full).mtimeMs > UNUSED_FOR_MS;
    if (stale) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * A digest of what the bundle is made of: the server's sources (tests aside), the workspace packages
 * it bundles, the build script and the package manifests that choose what stays external.
 */
function sourceHash(): string {
  const hash = createHash('sha256');
  const files = [
    path.join(serverDir, 'package.json'),
    path.join(serverDir, 'scripts', 'build.mjs'),
    ...walk(path.join(serverDir, 'src')),
  ];
  const packages = path.join(repoRoot, 'packages');
  for (const pkg of fs.readdirSync(packages).sort()) {
    const manifest = path.join(packages, pkg, 'package.json');
    if (fs.existsSync(manifest)) files.push(manifest, ...walk(path.join(packages, pkg, 'src')));
  }
  for (const file of files) {
    hash.update(path.relative(repoRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}
