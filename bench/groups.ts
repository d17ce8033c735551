/**
 * Group messaging over sockets (docs/performance.md "Groups"). One server process, N members with
 * one socket each in worker processes, and two measurements on the same sockets:
 * (a) fan-out: one message at a time to a group of all N members — send → first and → last
 *     member's `message.new` (target: last < 100 ms);
 * (b) sustained: the same members in groups of --group-size (every group held by one load process),
 *     every member sending to its group in turns at stepped-up rates — the highest step with p99
 *     send → receive < 100 ms, ≥ 99.9 % of the deliveries, every send acknowledged and no error
 *     ack, duplicate or stray delivery, as deliveries/s (one per other member who receives a
 *     message) and messages/s (target: ≥ 30,000 deliveries/s).
 * Runs Parley on SQLite, Parley on PostgreSQL (a fresh schema, dropped after) and a bare durable
 * relay with group fan-out (bench/lib/bare-group-relay.ts) under the same load. Users, sessions
 * and groups are set up inside the server process through its own repos and the groups services.
 *
 *   npx tsx bench/groups.ts [--members 1000] [--group-size 10] [--workers 2] [--seconds 5]
 *                           [--rates 250,500,...  (offered messages/s)] [--fanouts 20]
 *                           [--only sqlite,postgres,relay] [--prof DIR]
 *
 * PostgreSQL: BENCH_PG_URL, else postgres://postgres@127.0.0.1:5432/test (skipped when unreachable).
 * --prof writes a V8 CPU profile of each Parley server process into DIR (node --cpu-prof).
 */
import os from 'node:os';
import path from 'node:path';
import type { GroupLayout, WorkerGroup } from './lib/group-ipc.js';
import {
  best,
  fanouts,
  P99_LIMIT_MS,
  rampGroups,
  runStep,
  type FanoutSummary,
  type Server,
  type Step,
  type Worker,
} from './lib/group-phases.js';
import { loadavg, mb, ms1 } from './lib/bench-stats.js';
import { benchTargets, type Target } from './lib/targets.js';
import { Child, printTable, sleep } from './lib/proc.js';

const here = import.meta.dirname;

interface Options {
  members: number;
  groupSize: number;
  workers: number;
  seconds: number;
  rates: number[];
  fanouts: number;
  only: string[];
  prof: string | null;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    members: 1000,
    groupSize: 10,
    workers: 2,
    seconds: 5,
    rates: [100, 250, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 7000],
    fanouts: 20,
    only: ['sqlite', 'postgres', 'relay'],
    prof: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => argv[++i] ?? '';
    if (a === '--members') o.members = Number(next());
    else if (a === '--group-size') o.groupSize = Number(next());
    else if (a === '--workers') o.workers = Number(next());
    else if (a === '--seconds') o.seconds = Number(next());
    else if (a === '--rates') o.rates = next().split(',').map(Number);
    else if (a === '--fanouts') o.fanouts = Number(next());
    else if (a === '--only') o.only = next().split(',');
    else if (a === '--prof') o.prof = path.resolve(next());
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.members % o.groupSize !== 0) throw new Error('--members must be a multiple of --group-size');
  return o;
}

interface Result {
  label: string;
  fanout: FanoutSummary;
  steps: Step[];
}

/** The big group (everyone, member 0 the owner) first, then the small groups of consecutive members. */
function layout(o: Options): GroupLayout[] {
  const all = Array.from({ length: o.members }, (_, i) => i);
  const small: GroupLayout[] = [];
  for (let g = 0; g < o.members / o.groupSize; g++)
    small.push(all.slice(g * o.groupSize, (g + 1) * o.groupSize));
  return [all, ...small];
}

async function measure(t: Target, o: Options): Promise<Result> {
  const server: Server = new Child(t.script, { env: t.env, execArgv: t.execArgv });
  const workers: Worker[] = [];
  try {
    const { baseUrl } = await server.next('ready', 120_000);
    const groups = layout(o);
    server.send({ cmd: 'seed', users: o.members, groups });
    const seeded = await server.next('seeded', 900_000);
    const { clients } = seeded;
    console.log(
      `${t.label}: ${clients.length} users with sessions in ${(seeded.usersMs / 1000).toFixed(1)} s, ` +
        `${groups.length} groups in ${(seeded.groupsMs / 1000).toFixed(1)} s`,
    );
    const names = (g: GroupLayout) => g.map((i) => clients[i]!.name);
    const [big, ...small] = groups;
    // Small group g is held (all its members) by worker g % workers.
    const owner = new Map<number, number>();
    small.forEach((g, n) => g.forEach((i) => owner.set(i, n % o.workers)));
    for (let w = 0; w < o.workers; w++) workers.push(new Child(path.join(here, 'lib', 'group-worker.ts')));
    await Promise.all(workers.map((w) => w.next('ready', 60_000)));
    const wsBase = baseUrl.replace(/^http/, 'ws');
    workers.forEach((w, wi) => {
      const mine = big!.filter((i) => owner.get(i) === wi);
      const stepGroups: WorkerGroup[] = small
        .map((g, n) => ({ conversationID: seeded.groups[n + 1]!, members: names(g) }))
        .filter((_, n) => n % o.workers === wi);
      w.send({
        cmd: 'open',
        wsBase,
        clients: mine.map((i) => clients[i]!),
        stepGroups,
        fanoutGroup: { conversationID: seeded.groups[0]!, members: names(mine) },
        concurrency: 100,
      });
    });
    const opened = await Promise.all(workers.map((w) => w.next('opened', 600_000)));
    const failed = opened.reduce((s, r) => s + r.failed, 0);
    if (failed) throw new Error(`${failed} sockets failed: ${opened.find((r) => r.firstError)?.firstError}`);
    await sleep(500);

    const senders = big!.map((i) => ({ name: clients[i]!.name, worker: owner.get(i)! }));
    const fanout = await fanouts(server, workers, senders, o.fanouts, 3);
    console.log(
      `${t.label}: fan-out to ${o.members}: last p50 ${ms1(fanout.last.p50)} p99 ${ms1(fanout.last.p99)}, ` +
        `${fanout.complete}/${fanout.reps} complete${fanout.firstError ? ` (${fanout.firstError})` : ''}`,
    );
    await sleep(500);
    // Warm-up of (b): every member sends once to their group, JIT and caches settle.
    // At the first rate (at most 500/s), long enough for every member to send once.
    const warmRate = Math.min(500, o.rates[0] ?? 500);
    const warm = await runStep(server, workers, warmRate, Math.max(3, Math.ceil(o.members / warmRate)));
    console.log(
      `${t.label}: warm-up ${warm.received}/${warm.expected} deliveries, p99 ${ms1(warm.p99)}` +
        (warm.firstError ? ` (${warm.firstError})` : ''),
    );
    await sleep(500);
    const steps = await rampGroups(t.label, server, workers, o.rates, o.seconds);
    server.send({ cmd: 'shutdown' });
    await server.next('shutdown', 60_000).catch(() => undefined);
    return { label: t.label, fanout, steps };
  } finally {
    for (const w of workers) if (w.proc.connected) w.send({ cmd: 'exit' });
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.race([server.exited, sleep(10_000)]);
    await server.stop();
  }
}

function report(results: Result[], o: Options): void {
  const others = o.groupSize - 1;
  console.log(
    `\n## (a) One message to a group of ${o.members} members (${o.fanouts} messages, one at a time)`,
  );
  printTable(
    [
      'target',
      'complete',
      'first p50',
      'first p99',
      'last p50',
      'last p99',
      'last max',
      'ack p50',
      'server CPU',
      '',
    ],
    results.map((r) => {
      const f = r.fanout;
      return [
        r.label,
        `${f.complete}/${f.reps}`,
        ms1(f.first.p50),
        ms1(f.first.p99),
        ms1(f.last.p50),
        ms1(f.last.p99),
        ms1(f.last.max),
        ms1(f.ackP50),
        `${f.cpuPct.toFixed(0)} %`,
        f.pass ? 'pass' : 'FAIL',
      ];
    }),
  );
  for (const r of results.filter((x) => x.fanout.firstError))
    console.log(`${r.label}: first incomplete fan-out: ${r.fanout.firstError}`);

  for (const r of results) {
    console.log(`\n## (b) ${r.label}: steps (${o.members / o.groupSize} groups of ${o.groupSize})`);
    printTable(
      [
        'offered msg/s',
        'sent',
        'acked',
        'deliveries',
        'received',
        'errors',
        'p50',
        'p99',
        'max',
        'ack p99',
        'server CPU',
        'RSS',
        '',
      ],
      r.steps.map((s) => [
        String(s.offered),
        String(s.sent),
        String(s.acked),
        String(s.expected),
        String(s.received),
        s.duplicates || s.misdelivered
          ? `${s.errors} (${s.duplicates} dup, ${s.misdelivered} stray)`
          : String(s.errors),
        ms1(s.p50),
        ms1(s.p99),
        ms1(s.max),
        ms1(s.ackP99),
        `${s.cpuPct.toFixed(0)} %`,
        mb(s.rss),
        s.pass ? 'pass' : 'FAIL',
      ]),
    );
    const failed = r.steps.find((s) => !s.pass && s.firstError);
    if (failed) console.log(`first error at ${failed.offered} msg/s: ${failed.firstError}`);
  }

  console.log(`\n## (b) Sustained group traffic (highest step with p99 < ${P99_LIMIT_MS} ms)`);
  const relay = results.find((r) => r.label === 'bare group relay');
  const relayBest = relay ? best(relay.steps) : undefined;
  printTable(
    ['target', 'deliveries/s', 'msgs/s', 'p50', 'p99', 'server CPU', 'RSS', 'vs relay'],
    results.map((r) => {
      const b = best(r.steps);
      if (!b) return [r.label, 'none passed', '', '', '', '', '', ''];
      const vs = relayBest ? `${((b.received / relayBest.received) * 100).toFixed(0)} %` : '–';
      return [
        r.label,
        (b.received / o.seconds).toFixed(0),
        (b.sent / o.seconds).toFixed(0),
        ms1(b.p50),
        ms1(b.p99),
        `${b.cpuPct.toFixed(0)} %`,
        mb(b.rss),
        vs,
      ];
    }),
  );
  console.log(`(${others} deliveries per message; target ≥ 30,000 deliveries/s with acknowledged sends)`);
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`# Group messaging over sockets — ${new Date().toISOString()}`);
  console.log(`node ${process.version}, ${os.cpus().length} cores (${cpu}), ${mb(os.totalmem())} RAM`);
  console.log(`load average at start: ${loadavg(os.loadavg())}`);
  console.log(
    `${o.members} members (one socket each) in ${o.workers} load processes; (a) a group of all ${o.members}; ` +
      `(b) ${o.members / o.groupSize} groups of ${o.groupSize}, ${o.seconds} s per step, pass: p99 send→receive ` +
      `< ${P99_LIMIT_MS} ms, ≥ 99.9 % delivered, every send acked, no error ack, duplicate or stray frame\n`,
  );
  const { targets, cleanup } = await benchTargets({
    name: 'groups',
    server: 'group-server.ts',
    relay: { label: 'bare group relay', script: 'bare-group-relay.ts' },
    only: o.only,
    prof: o.prof,
  });

  const results: Result[] = [];
  try {
    for (const t of targets) results.push(await measure(t, o));
  } finally {
    await cleanup();
  }
  report(results, o);
  console.log(`load average at end: ${loadavg(os.loadavg())}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
