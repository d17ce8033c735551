/** Network helpers of the bench runners: a free local port, whether Redis answers, Parley's process settings. */
import fs from 'node:fs';
import net from 'node:net';

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
 * The node flags Parley's start script gives the server (apps/server/package.json `start`, e.g. the
 * young generation's size), so a bench measures the process as it ships. `--enable-source-maps`
 * is left out: it only changes stack traces.
 */
export function parleyNodeFlags(): string[] {
  const pkg = JSON.parse(
    fs.readFileSync(new URL('../../apps/server/package.json', import.meta.url), 'utf8'),
  ) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((t) => t.startsWith('--') && t !== '--enable-source-maps');
}
