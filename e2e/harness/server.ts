import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
// The typing of inject('webDist') (also for programs outside the suite, e.g. bench/picker.ts).
import type {} from '../global-setup';
import { nodeFlags } from '../../apps/server/scripts/build.mjs';
import { ARTIFACTS_DIR, REPO_ROOT, SERVER_MAIN, WEB_DIST } from './paths';

export interface ServerOptions {
  /** Extra environment, e.g. { TOKEN_TTL_SECONDS: '2' }. */
  env?: Record<string, string>;
  /** Name used for the log file in e2e/artifacts when the server fails. */
  name?: string;
}

export interface TestServer {
  port: number;
  url: string;
  dataDir: string;
  /** SIGTERM and wait for the process to end. */
  stop(): Promise<void>;
  /** Start again on the same port and data dir. */
  start(): Promise<void>;
  /** stop() and remove the data dir. */
  dispose(): Promise<void>;
  log(): string;
}

/** A port the OS had free a moment ago. Another process may bind it before our server does: see startServer. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

class PortTaken extends Error {}

/**
 * Waits until /api/health answers with this server's own NODE_ID (so another server that holds the
 * port is never mistaken for ours). Rejects with PortTaken when the process exited because the port
 * was taken.
 */
async function waitHealthy(
  url: string,
  nodeId: string,
  proc: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      if (output().includes('EADDRINUSE')) throw new PortTaken(url);
      throw new Error(`server exited with ${proc.exitCode ?? proc.signalCode}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      const body = (await res.json()) as { code?: number; data?: { node?: string } };
      if (res.ok && body.data?.node === nodeId) return;
    } catch {
      /* not up yet */
    }
    // Poll interval while the process boots.
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * How a server process starts: the run's compiled server (global-setup.ts), or outside vitest (the
 * benches that use this harness) the TypeScript through tsx.
 */
function serverArgs(): string[] {
  let main = SERVER_MAIN;
  try {
    main = inject('serverMain') || SERVER_MAIN;
  } catch {
    // not inside a vitest run
  }
  return [...nodeFlags(main), main];
}

/** The run's snapshot of the web build (global-setup.ts), or apps/web/dist outside vitest. */
function webDist(): string {
  try {
    return inject('webDist') || WEB_DIST;
  } catch {
    return WEB_DIST;
  }
}

/**
 * Starts a real Parley server (API, socket and the built SPA) on a temp data dir and a free port.
 * The first start retries on another port when the picked one was taken in the meantime; a restart
 * (`start()` again) keeps its port, because open pages hold the URL.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  let port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  let proc: ChildProcess | null = null;
  let output = '';
  let instance = 0;

  const launch = async () => {
    instance += 1;
    const nodeId = `e2e-${opts.name ?? 'server'}-${process.pid}-${instance}-${randomBytes(3).toString('hex')}`;
    const url = `http://127.0.0.1:${port}`;
    const from = output.length; // this launch's part of the log
    const child = spawn(process.execPath, serverArgs(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: dataDir,
        PARLEY_WEB_DIST: webDist(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        AUTH_IP_PER_MINUTE: '100000',
        // Each server is its own world: the embedded defaults (SQLite, in-process bus) unless a
        // spec asks for a service, and then its own Redis key prefix, because user row ids repeat
        // across servers and Redis outlives them (rate-limit counters would carry over).
        DATABASE_URL: '',
        REDIS_URL: '',
        REDIS_PREFIX: `parley-e2e-${port}-${process.pid}-${Date.now()}`,
        ...opts.env,
        NODE_ID: nodeId,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    proc = child;
    try {
      await waitHealthy(url, nodeId, child, () => output.slice(from), 60_000);
    } catch (e) {
      child.kill('SIGKILL');
      if (!(e instanceof PortTaken))
        writeFileSync(join(ARTIFACTS_DIR, `${opts.name ?? 'server'}-${port}.log`), output);
      throw e;
    }
  };

  const start = async () => {
    try {
      await launch();
    } catch (e) {
      if (e instanceof PortTaken) throw new Error(`port ${port} was taken while the server restarted`);
      throw new Error(`${String(e)}\n${output.slice(-2000)}`);
    }
  };

  for (let attempt = 1; ; attempt++) {
    try {
      await launch();
      break;
    } catch (e) {
      if (e instanceof PortTaken && attempt < 5) {
        port = await freePort();
        continue;
      }
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`${String(e)}\n${output.slice(-2000)}`);
    }
  }

  const stop = async () => {
    const child = proc;
    proc = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    dataDir,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    log: () => output,
  };
}
