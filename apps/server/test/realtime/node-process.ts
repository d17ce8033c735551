import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nodeFlags } from '../../scripts/build.mjs';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const mainTs = path.join(serverRoot, 'src/main.ts');

/**
 * A Parley server running as its own OS process: `node --import tsx src/main.ts`, or a compiled
 * bundle's main.js (apps/server/scripts/build.mjs) when one is given.
 */
export interface NodeProcess {
  name: string;
  /** NODE_ID of this process (`name` plus a random suffix): /api/health reports it. */
  nodeId: string;
  pid: number;
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port the OS had free a moment ago; another process may take it before we bind (see below). */
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

class PortTaken extends Error {}

/**
 * Starts a server process with `env` on top of a clean test environment and waits until /api/health
 * answers with this process's own NODE_ID. The port is picked free and then bound by the child, so
 * another process can take it in between: the child then exits with EADDRINUSE and we retry on a
 * new port, and the NODE_ID check makes sure we never mistake someone else's server for ours.
 */
export async function startNodeProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 40_000,
  /** A compiled main.js to run instead of the TypeScript sources. */
  compiledMain?: string,
): Promise<NodeProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(name, await freePort(), env, timeoutMs, compiledMain);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 5) throw err;
    }
  }
}

async function launch(
  name: string,
  port: number,
  env: Record<string, string>,
  timeoutMs: number,
  compiledMain: string | undefined,
): Promise<NodeProcess> {
  const nodeId = `${name}-${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  const main = compiledMain ?? mainTs;
  const child = spawn(process.execPath, [...nodeFlags(main), main], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ID: nodeId,
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
    nodeId,
    pid: child.pid ?? -1,
    baseUrl,
    dataDir,
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
      const body = (await res.json()) as { code?: number; data?: { node?: string } };
      if (body.code === 200 && body.data?.node === nodeId) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.stop(1000);
      throw new Error(`${name} did not become healthy within ${timeoutMs} ms:\n${out}`);
    }
    // Poll interval while the process boots (tsx compiles the server first).
    await new Promise((r) => setTimeout(r, 100));
  }
  const result = await exited;
  if (out.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken`);
  throw new Error(`${name} exited during startup (${JSON.stringify(result)}):\n${out}`);
}
