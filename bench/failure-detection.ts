/**
 * How fast the server notices failures, in wall-clock time (the tests check what happens, this
 * measures how long it takes; it never fails on a number):
 *  - a socket that stops answering pings is cut: hello → close, for a few heartbeat periods
 *    (expected between one and two periods: cut at the first beat after an unanswered ping);
 *  - an unreachable Redis makes startup fail: RedisBus.connect and buildServer() → rejection.
 *   npx tsx bench/failure-detection.ts [--rounds 5]
 * Runs the real buildServer() of apps/server in this process on a temp SQLite database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { buildServer } from '../apps/server/src/app.js';
import { RedisBus } from '../apps/server/src/realtime/redis-bus.js';
import { median, printTable } from './lib/proc.js';

const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
const UNREACHABLE = 'redis://127.0.0.1:1';

async function startServer(overrides: Partial<Config>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-fd-'));
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { port: 0, host: '127.0.0.1', dataDir, webDistDir: undefined, redisUrl: undefined, ...overrides },
  );
  const server = await buildServer(config);
  const base = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  return {
    base,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function register(base: string, i: number): Promise<string> {
  const res = await fetch(`${base}/api/user/login/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phone: `1370000${String(i).padStart(4, '0')}`,
      pwd: 'Passw0rd1',
      nickName: 'Bench',
    }),
  });
  const env = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (env.code !== 200) throw new Error(`register: ${env.code} ${env.msg}`);
  return env.data.token;
}

/** hello → the server cuts a socket that never answers a ping (ms). */
async function deadSocketCut(base: string, token: string): Promise<number> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/${token}`, { autoPong: false });
  return new Promise((resolve, reject) => {
    let helloAt = 0;
    ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'hello') helloAt = performance.now();
    });
    ws.on('close', () => (helloAt ? resolve(performance.now() - helloAt) : reject(new Error('no hello'))));
    ws.on('error', reject);
  });
}

async function timeRejection(fn: () => Promise<unknown>): Promise<{ ms: number; error: string }> {
  const started = performance.now();
  try {
    await fn();
  } catch (err) {
    return { ms: performance.now() - started, error: err instanceof Error ? err.message : String(err) };
  }
  throw new Error('expected a rejection');
}

const fmt = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

async function main(): Promise<void> {
  const rows: string[][] = [];
  let user = 0;
  for (const heartbeatMs of [200, 1000]) {
    const server = await startServer({ heartbeatMs });
    try {
      const cuts: number[] = [];
      for (let i = 0; i < ROUNDS; i++)
        cuts.push(await deadSocketCut(server.base, await register(server.base, ++user)));
      rows.push([
        `silent socket cut, heartbeat ${heartbeatMs} ms`,
        fmt(cuts),
        `${heartbeatMs}–${2 * heartbeatMs} ms`,
      ]);
    } finally {
      await server.close();
    }
  }

  for (const connectTimeoutMs of [1000, 5000]) {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++)
      times.push(
        (await timeRejection(() => RedisBus.connect({ url: UNREACHABLE, prefix: 'bench', connectTimeoutMs })))
          .ms,
      );
    rows.push([
      `RedisBus.connect to a closed port (timeout ${connectTimeoutMs} ms)`,
      fmt(times),
      'fails at once',
    ]);
  }
  const boots: number[] = [];
  for (let i = 0; i < ROUNDS; i++)
    boots.push((await timeRejection(() => startServer({ redisUrl: UNREACHABLE }))).ms);
  rows.push(['buildServer() with REDIS_URL unreachable', fmt(boots), 'fails at once']);

  console.log(`Failure detection (median of ${ROUNDS}, min–max)\n`);
  printTable(['case', 'time', 'expected'], rows);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
