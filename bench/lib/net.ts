/** Network helpers of the bench runners: a free local port, whether Redis answers, Parley's process settings. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A port the OS had free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to the Redis of `url` opens. */
export function redisReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * The environment of a Parley server process in a bench: production mode, quiet logs, SQLite in
 * `dataDir`, no web build, no bus between nodes unless `extra` sets one.
 */
export function parleyEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PARLEY_DATA_DIR: dataDir,
    PARLEY_WEB_DIST: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extra,
  };
}

/**
 * The V8 flags Parley's start script gives the server (apps/server/v8-flags.json), so a bench
 * measures the process as it ships. `root`: another checkout (an A/B baseline); one from before that
 * file gives them in its start script (apps/server/package.json).
 */
export function parleyNodeFlags(root = new URL('../..', import.meta.url).pathname): string[] {
  const file = path.join(root, 'apps/server/v8-flags.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((t) => t.startsWith('--') && t !== '--enable-source-maps');
}
