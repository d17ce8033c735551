/**
 * Reconnect storm: N clients hold sockets on node A; senders on node B (same database, Redis bus
 * when reachable) keep sending to them. A restarts (graceful stop: every socket gets 1012, then a new
 * process on the same port, compiled as `npm start` runs it); each client reconnects with jittered backoff, naming the change version
 * it knew in the socket URL, and catches up from what `hello` carries (`message.sync` frames only
 * while there is more). Measures the time until every client is back and
 * synced, and checks by sequence that no client missed a message (live or by sync). The same clients
 * against a bare `ws` server (bench/lib/bare-relay.ts: hello on connect, nothing else) give the floor.
 *
 *   npx tsx bench/reconnect-storm.ts [N=10000] [--workers 2] [--senders 500] [--rate 200] [--no-baseline]
 *                                    [--prof DIR]
 *
 * SQLite in a temp dir, shared by A and B (WAL allows several processes). REDIS_URL (default
 * redis://127.0.0.1:6379) carries events between A and B. Without Redis, clients learn B's messages
 * only by their one sync, so messages sent after it never reach them (two nodes need a shared bus):
 * the storm is still timed, but "missed" is not counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DServerCommand, DServerReply } from './lib/delivery-ipc.js';
import type { StormCommand, StormReply } from './lib/storm-ipc.js';
import { wallNow } from './lib/ipc.js';
import { freePort, parleyEnv, parleyNodeFlags, redisReachable } from './lib/net.js';
import { cpuMs } from './lib/bench-stats.js';
import { Child, printTable, rssBytes, sleep } from './lib/proc.js';
import { compiledParley } from './lib/targets.js';

const here = import.meta.dirname;
type Server = Child<DServerCommand, DServerReply>;
type Worker = Child<StormCommand, StormReply>;

interface Options {
  n: number;
  workers: number;
  senders: number;
  rate: number;
  baseline: boolean;
  prof: string | null;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    n: 10_000,
    workers: 2,
    senders: 500,
    rate: 200,
    baseline: true,
    prof: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => Number(argv[++i]);
    if (a === '--workers') o.workers = next();
    else if (a === '--senders') o.senders = next();
    else if (a === '--rate') o.rate = next();
    else if (a === '--no-baseline') o.baseline = false;
    else if (a === '--prof') o.prof = path.resolve(argv[++i] ?? '');
    else if (/^\d+$/.test(a)) o.n = Number(a);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

interface Result {
  label: string;
  opened: number;
  downMs: number;
  /** Of `downMs`: the old process's graceful close (1012 to every socket, their close handshakes). */
  closeMs: number;
  backMs: number;
  syncedMs: number;
  sinceCloseMs: number;
  attempts: number;
  refused: number;
  helloSyncs: number;
  syncCalls: number;
  syncErrors: number;
  sent: number;
  acked: number;
  missed: number | null;
  rssAfter: number;
  /** CPU the restarted server used from listening until the last client synced (all its threads). */
  stormCpuMs: number;
  firstError: string | null;
}

async function startServer(
  script: string,
  env: NodeJS.ProcessEnv,
  execArgv: string[] = [],
): Promise<{ server: Server; baseUrl: string }> {
  const server: Server = new Child(path.isAbsolute(script) ? script : path.join(here, 'lib', script), {
    env,
    execArgv,
  });
  const { baseUrl } = await server.next('ready', 120_000);
  return { server, baseUrl };
}

async function measure(label: string, parley: boolean, envA: NodeJS.ProcessEnv, o: Options): Promise<Result> {
  // Parley's node runs compiled (targets.ts `compiledParley`): the restart then loads one bundle
  // instead of compiling the TypeScript through tsx while 10,000 clients retry.
  const script = parley ? await compiledParley('storm', 'delivery-server.ts') : 'bare-relay.ts';
  const flags = parley ? parleyNodeFlags() : [];
  let a = await startServer(script, envA, flags);
  let b: { server: Server; baseUrl: string } | null = null;
  const workers: Worker[] = [];
  let sender: Worker | null = null;
  try {
    a.server.send({ cmd: 'seed', users: o.n + (parley ? o.senders : 0) });
    const { clients, ms } = await a.server.next('seeded', 900_000);
    console.log(`${label}: ${clients.length} users with sessions in ${(ms / 1000).toFixed(1)} s`);
    const storm = clients.slice(0, o.n);
    const senders = clients.slice(o.n);

    for (let i = 0; i < o.workers; i++) workers.push(new Child(path.join(here, 'lib', 'storm-worker.ts')));
    await Promise.all(workers.map((w) => w.next('ready', 60_000)));
    const wsA = a.baseUrl.replace(/^http/, 'ws');
    workers.forEach((w, i) =>
      w.send({
        cmd: 'open',
        wsBase: wsA,
        clients: storm.filter((_, k) => k % o.workers === i),
        sync: parley,
        concurrency: 200,
      }),
    );
    const opened = await Promise.all(workers.map((w) => w.next('opened', 900_000)));
    const openedCount = opened.reduce((s, r) => s + r.opened, 0);
    console.log(`${label}: ${openedCount} storm sockets open`);

    if (parley) {
      b = await startServer('delivery-server.ts', { ...envA, BENCH_PORT: '0' }, flags);
      sender = new Child(path.join(here, 'lib', 'storm-worker.ts'));
      await sender.next('ready', 60_000);
      // Each sender writes to an equal share of the storm clients.
      const targets: string[][] = senders.map(() => []);
      storm.forEach((c, k) => targets[k % senders.length]!.push(c.name));
      sender.send({
        cmd: 'send',
        wsBase: b.baseUrl.replace(/^http/, 'ws'),
        senders,
        targets,
        rate: o.rate,
      });
      await sender.next('sending', 120_000);
      await sleep(3000);
    }

    // The restart: graceful stop (1012 to every socket), then a new process on the same port.
    const closeAt = wallNow();
    a.server.send({ cmd: 'shutdown' });
    const closeMs = (await a.server.next('shutdown', 120_000).catch(() => null))?.ms ?? NaN;
    await a.server.stop();
    // --prof: a V8 CPU profile of the restarted node A (the one taking the storm).
    a = await startServer(script, envA, [
      ...flags,
      ...(o.prof && parley ? ['--cpu-prof', `--cpu-prof-dir=${o.prof}`] : []),
    ]);
    const readyAt = wallNow();
    const cpuAtReady = cpuMs(a.server.pid);
    for (const w of workers) w.send({ cmd: 'expectBack' });
    const backs = await Promise.all(workers.map((w) => w.next('back', 900_000)));
    const stormCpuMs = cpuMs(a.server.pid) - cpuAtReady;
    const lastHello = Math.max(...backs.map((r) => r.lastHelloAt));
    const lastSynced = Math.max(...backs.map((r) => r.lastSyncedAt));
    const rssAfter = rssBytes(a.server.pid);

    let sent = 0;
    let acked = 0;
    let missed: number | null = null;
    let firstError = backs.find((r) => r.firstError)?.firstError ?? null;
    if (sender && envA.REDIS_URL) {
      await sleep(2000);
      sender.send({ cmd: 'stopSending' });
      const stopped = await sender.next('stopped', 120_000);
      sent = stopped.sent;
      acked = stopped.acked;
      firstError ??= stopped.firstError;
      await sleep(1000); // the last live deliveries
      for (const w of workers) w.send({ cmd: 'report' });
      const reports = await Promise.all(workers.map((w) => w.next('report', 120_000)));
      const seen = Object.assign({}, ...reports.map((r) => r.seen)) as Record<string, number[]>;
      missed = 0;
      for (const [name, last] of Object.entries(stopped.lastSeq)) {
        const have = new Set(seen[name] ?? []);
        for (let s = 1; s <= last; s++) if (!have.has(s)) missed += 1;
      }
    }
    return {
      label,
      opened: openedCount,
      downMs: readyAt - closeAt,
      closeMs,
      backMs: lastHello - readyAt,
      syncedMs: lastSynced - readyAt,
      sinceCloseMs: lastSynced - closeAt,
      attempts: backs.reduce((s, r) => s + r.attempts, 0),
      refused: backs.reduce((s, r) => s + r.refused, 0),
      helloSyncs: backs.reduce((s, r) => s + r.helloSyncs, 0),
      syncCalls: backs.reduce((s, r) => s + r.syncCalls, 0),
      syncErrors: backs.reduce((s, r) => s + r.syncErrors, 0),
      sent,
      acked,
      missed,
      rssAfter,
      stormCpuMs,
      firstError,
    };
  } finally {
    for (const w of [...workers, ...(sender ? [sender] : [])]) if (w.proc.connected) w.send({ cmd: 'exit' });
    if (a.server.proc.connected) {
      // A normal exit (writes the --prof profile).
      a.server.send({ cmd: 'shutdown' });
      await Promise.race([a.server.exited, sleep(15_000)]);
    }
    await Promise.all([...workers.map((w) => w.stop()), sender?.stop(), a.server.stop(), b?.server.stop()]);
  }
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  console.log(`# Reconnect storm — ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = await redisReachable(redisUrl);
  console.log(
    `N=${o.n} storm clients in ${o.workers} processes; ${o.senders} senders on node B at ${o.rate} msg/s; ` +
      `bus: ${redis ? `Redis ${redisUrl}` : 'none between nodes (sync only)'}\n`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-storm-'));
  const port = await freePort();
  const envA = parleyEnv(dataDir, {
    REDIS_URL: redis ? redisUrl : '',
    REDIS_PREFIX: `bench-storm-${process.pid}`,
    MESSAGE_SEND_PER_MINUTE: '1000000',
    BENCH_PORT: String(port),
  });
  const results: Result[] = [];
  try {
    results.push(await measure('Parley (reconnect + sync)', true, envA, o));
    if (o.baseline) {
      const port2 = await freePort();
      results.push(
        await measure('bare ws (reconnect)', false, { ...process.env, BENCH_PORT: String(port2) }, o),
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const rows: Array<[string, (r: Result) => string]> = [
    ['clients before the restart', (r) => String(r.opened)],
    ['restart: close sent → new process listening', (r) => s(r.downMs)],
    ['… of which the old process closing', (r) => s(r.closeMs)],
    ['listening → last client connected (hello)', (r) => s(r.backMs)],
    ['listening → last client synced', (r) => s(r.syncedMs)],
    [
      'reconnect rate (clients / time to last synced)',
      (r) => `${Math.round(r.opened / (r.syncedMs / 1000))} /s`,
    ],
    ['close → last client synced', (r) => s(r.sinceCloseMs)],
    [
      'server CPU, listening → last synced (per client)',
      (r) => `${s(r.stormCpuMs)} (${Math.round((r.stormCpuMs * 1000) / r.opened)} µs)`,
    ],
    ['connect attempts (refused while down)', (r) => `${r.attempts} (${r.refused})`],
    ['catch-ups answered in hello', (r) => `${r.helloSyncs}`],
    ['sync frames (errors)', (r) => `${r.syncCalls} (${r.syncErrors})`],
    ['messages sent / acked during the storm', (r) => (r.sent ? `${r.sent} / ${r.acked}` : '–')],
    [
      'messages missed (by sequence)',
      (r) =>
        r.missed !== null ? String(r.missed) : r.label.startsWith('bare') ? '–' : 'not counted (no bus)',
    ],
    ['server RSS after', (r) => `${(r.rssAfter / 1024 / 1024).toFixed(0)} MB`],
  ];
  console.log();
  printTable(
    ['metric', ...results.map((r) => r.label)],
    rows.map(([n, f]) => [n, ...results.map(f)]),
  );
  for (const r of results) if (r.firstError) console.log(`${r.label}: first error: ${r.firstError}`);
  if (results.length === 2) {
    const ratio = results[0]!.syncedMs / results[1]!.syncedMs;
    console.log(`\nParley / bare ws, listening → last client back: ${ratio.toFixed(2)}×`);
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
