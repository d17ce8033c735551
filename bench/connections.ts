/**
 * Connection capacity of one node: N idle authenticated sockets against one Parley server process
 * (SQLite in a temp dir, in-process bus), next to a bare `ws` server as the baseline in the same run.
 * Prints connect rate, server RSS (VmRSS from /proc) before/after and per connection, fan-out time of
 * one event to all N sockets (publish → last socket received it) and the graceful close of all.
 *
 *   npx tsx bench/connections.ts [N=10000] [--workers 2] [--concurrency 200] [--rounds 5]
 *                                [--users 20] [--payload 100] [--no-baseline]
 *
 * The clients run in separate worker processes; on a 2-core machine they share the CPU with the
 * server, so the connect rate and fan-out times are upper bounds of the server's own cost.
 * Needs an open-files limit above N (+ some) for the server and N / workers for each client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerCommand, ServerReply, WorkerCommand, WorkerReply } from './lib/ipc.js';
import { wallNow } from './lib/ipc.js';
import { parleyEnv } from './lib/net.js';
import { Child, median, openFilesLimit, printTable, rssBytes, sleep } from './lib/proc.js';

const here = import.meta.dirname;
type Server = Child<ServerCommand, ServerReply>;
type Worker = Child<WorkerCommand, WorkerReply>;

interface Options {
  n: number;
  workers: number;
  concurrency: number;
  rounds: number;
  users: number;
  payload: number;
  baseline: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    n: 10_000,
    workers: 2,
    concurrency: 200,
    rounds: 5,
    users: 20,
    payload: 100,
    baseline: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => Number(argv[++i]);
    if (a === '--workers') o.workers = value();
    else if (a === '--concurrency') o.concurrency = value();
    else if (a === '--rounds') o.rounds = value();
    else if (a === '--users') o.users = value();
    else if (a === '--payload') o.payload = value();
    else if (a === '--no-baseline') o.baseline = false;
    else if (/^\d+$/.test(a)) o.n = Number(a);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

interface Result {
  label: string;
  opened: number;
  failed: number;
  firstError: string | null;
  connectMs: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  fanoutMs: number[];
  sendLoopMs: number[];
  closeMs: number;
  serverCloseMs: number;
  closeLoopMs: number;
  closeCodes: Record<string, number>;
}

/** Registers `count` users on a Parley server and returns one login token each. */
async function registerUsers(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrl}/api/user/login/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phone: `139${String(base + i).slice(-8)}`,
        pwd: 'bench1234',
        nickName: `Bench ${i}`,
      }),
    });
    const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
    if (body.code !== 200) throw new Error(`register failed: ${body.code} ${body.msg}`);
    tokens.push(body.data.token);
  }
  return tokens;
}

async function memory(server: Server): Promise<{ rss: number; heap: number }> {
  server.send({ cmd: 'memory' });
  const { heapUsedBytes } = await server.next('memory');
  return { rss: rssBytes(server.pid), heap: heapUsedBytes };
}

async function measure(
  label: string,
  script: string,
  env: NodeJS.ProcessEnv,
  o: Options,
  parley: boolean,
): Promise<Result> {
  const server: Server = new Child(path.join(here, 'lib', script), { env, execArgv: ['--expose-gc'] });
  const workers: Worker[] = [];
  try {
    const { baseUrl } = await server.next('ready', 60_000);
    const tokens = parley ? await registerUsers(baseUrl, o.users) : ['baseline'];
    await sleep(500);
    const before = await memory(server);

    for (let i = 0; i < o.workers; i++) workers.push(new Child(path.join(here, 'lib', 'client-worker.ts')));
    await Promise.all(workers.map((w) => w.next('ready', 60_000)));
    const share = (i: number) => Math.floor(o.n / o.workers) + (i < o.n % o.workers ? 1 : 0);
    const wsBase = baseUrl.replace(/^http/, 'ws');
    const started = wallNow();
    workers.forEach((w, i) =>
      w.send({ cmd: 'open', wsBase, tokens, count: share(i), concurrency: o.concurrency }),
    );
    const opened = await Promise.all(workers.map((w) => w.next('opened', 600_000)));
    const connectMs = wallNow() - started;

    await sleep(1000);
    const after = await memory(server);

    const fanoutMs: number[] = [];
    const sendLoopMs: number[] = [];
    for (let seq = 1; seq <= o.rounds; seq++) {
      for (const w of workers) w.send({ cmd: 'expect', seq });
      server.send({ cmd: 'fanout', tokens, seq, payloadBytes: o.payload });
      const [sent, ...received] = await Promise.all([
        server.next('fanout', 60_000),
        ...workers.map((w) => w.next('received', 60_000)),
      ]);
      fanoutMs.push(Math.max(...received.map((r) => r.lastAt)) - sent.publishAt);
      sendLoopMs.push(sent.sentAt - sent.publishAt);
      await sleep(300);
    }

    const closeStarted = wallNow();
    for (const w of workers) w.send({ cmd: 'waitClosed' });
    server.send({ cmd: 'shutdown' });
    const [shut, ...closed] = await Promise.all([
      server.next('shutdown', 120_000),
      ...workers.map((w) => w.next('closed', 120_000)),
    ]);
    const closeCodes: Record<string, number> = {};
    for (const c of closed)
      for (const [code, n] of Object.entries(c.codes)) closeCodes[code] = (closeCodes[code] ?? 0) + n;

    return {
      label,
      opened: opened.reduce((s, r) => s + r.opened, 0),
      failed: opened.reduce((s, r) => s + r.failed, 0),
      firstError: opened.find((r) => r.firstError)?.firstError ?? null,
      connectMs,
      rssBefore: before.rss,
      rssAfter: after.rss,
      heapBefore: before.heap,
      heapAfter: after.heap,
      fanoutMs,
      sendLoopMs,
      closeMs: Math.max(...closed.map((c) => c.lastAt)) - closeStarted,
      serverCloseMs: shut.ms,
      closeLoopMs: shut.loopMs,
      closeCodes,
    };
  } finally {
    for (const w of workers) {
      if (w.proc.connected) w.send({ cmd: 'exit' });
    }
    await Promise.all([...workers.map((w) => w.stop()), server.stop()]);
  }
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const spread = (v: number[]) => `${ms(median(v))} (${ms(Math.min(...v))}–${ms(Math.max(...v))})`;

function report(o: Options, results: Result[]): void {
  const per = (r: Result, a: number, b: number) => (r.opened ? (b - a) / r.opened : 0);
  const rows: Array<[string, (r: Result) => string]> = [
    ['sockets open (authenticated)', (r) => `${r.opened} / ${o.n}${r.failed ? ` (${r.failed} failed)` : ''}`],
    ['connect time', (r) => `${(r.connectMs / 1000).toFixed(2)} s`],
    ['connect rate', (r) => `${Math.round(r.opened / (r.connectMs / 1000))} conn/s`],
    ['server RSS before', (r) => mb(r.rssBefore)],
    ['server RSS after', (r) => mb(r.rssAfter)],
    ['RSS per connection', (r) => kb(per(r, r.rssBefore, r.rssAfter))],
    ['JS heap per connection', (r) => kb(per(r, r.heapBefore, r.heapAfter))],
    [`fan-out, publish → last of N received (median of ${o.rounds}, min–max)`, (r) => spread(r.fanoutMs)],
    ['  of which the server send loop', (r) => spread(r.sendLoopMs)],
    ['graceful close: last client saw 1012', (r) => `${ms(r.closeMs)} ${JSON.stringify(r.closeCodes)}`],
    ['  server loop sending the close frames', (r) => ms(r.closeLoopMs)],
    ['  server close() returned after', (r) => ms(r.serverCloseMs)],
  ];
  printTable(
    ['metric', ...results.map((r) => r.label)],
    rows.map(([name, f]) => [name, ...results.map(f)]),
  );
  for (const r of results) if (r.firstError) console.log(`${r.label}: first connect error: ${r.firstError}`);
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const limit = openFilesLimit();
  if (limit !== null && limit < o.n + 200) {
    console.warn(
      `Open-files limit is ${limit}, below N + 200 = ${o.n + 200}: raise it first (ulimit -n ${o.n + 1000}).`,
    );
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`# Connection capacity — ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${cpu}), ${mb(os.totalmem())} RAM, ${os.platform()} ${os.release()}`,
  );
  console.log(`load average at start: ${loadavg()} (other work on the machine skews every figure below)`);
  console.log(
    `N=${o.n}, ${o.workers} client processes × ${o.concurrency} concurrent connects, ${o.users} users (one token each), ` +
      `${o.rounds} fan-out rounds, ~${o.payload} B payload\n`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const serverEnv = parleyEnv(dataDir, { AUTH_IP_PER_MINUTE: '100000' });
  const results: Result[] = [];
  try {
    results.push(await measure('Parley gateway', 'parley-server.ts', serverEnv, o, true));
    if (o.baseline)
      results.push(await measure('bare ws (baseline)', 'bare-server.ts', process.env, o, false));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report(o, results);
  console.log(`load average at end: ${loadavg()}`);
}

function loadavg(): string {
  return os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
