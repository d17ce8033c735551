import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const mainTs = path.join(serverRoot, 'src/main.ts');

/** A Parley server running as its own OS process (`node --import tsx src/main.ts`). */
export interface NodeProcess {
  name: string;
  pid: number;
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a server process with `env` on top of a clean test environment and waits for /api/health. */
export async function startNodeProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 40_000,
): Promise<NodeProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ID: name,
      PARLEY_DATA_DIR: dataDir,
      PARLEY_WEB_DIST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const node: NodeProcess = {
    name,
    pid: child.pid ?? -1,
    baseUrl,
    child,
    output: () => out,
    exited,
    async stop(graceMs = 8000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      const body = (await res.json()) as { code?: number };
      if (body.code === 200) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.stop(1000);
      throw new Error(`${name} did not become healthy within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} exited during startup (${JSON.stringify(await exited)}):\n${out}`);
}
