/**
 * The two measurements of the groups bench (bench/groups.ts), driven over the load workers:
 * (a) `fanouts`: one message at a time to the big group, time from the send to the first and to
 *     the last member's `message.new`;
 * (b) `ramp`: sustained group traffic at stepped-up rates, the highest step passing
 *     p99 send → receive < 100 ms, ≥ 99.9 % of the deliveries and no error or stray frame.
 */
import type { GServerCommand, GServerReply, GWorkerCommand, GWorkerReply } from './group-ipc.js';
import { cpuMs, percentile } from './bench-stats.js';
import { best, ramp, runLoadStep, type StepFigures } from './ladder.js';
import { Child, sleep } from './proc.js';

export type Server = Child<GServerCommand, GServerReply>;
export type Worker = Child<GWorkerCommand, GWorkerReply>;
export const P99_LIMIT_MS = 100;

export interface Fanout {
  /** send → the first / the last other member's `message.new`, ms. */
  first: number;
  last: number;
  ack: number;
  expected: number;
  received: number;
  duplicates: number;
  error: string | null;
}

/** One message to the big group, sent by `sender` (held by worker `senderWorker`). */
async function fanoutOnce(
  workers: Worker[],
  senderWorker: number,
  sender: string,
  id: string,
): Promise<Fanout> {
  for (const w of workers) w.send({ cmd: 'fanout', id, sender, timeoutMs: 10_000 });
  await Promise.all(workers.map((w) => w.next('armed', 30_000)));
  const fanned = Promise.all(workers.map((w) => w.next('fanned', 60_000)));
  workers[senderWorker]!.send({ cmd: 'fire' });
  const parts = await fanned;
  const own = parts.find((p) => p.sentAt !== null);
  if (!own) throw new Error(`fan-out ${id}: no worker sent it`);
  const sentAt = own.sentAt!;
  const firsts = parts.flatMap((p) => (p.firstAt === null ? [] : [p.firstAt]));
  const lasts = parts.flatMap((p) => (p.lastAt === null ? [] : [p.lastAt]));
  return {
    first: firsts.length ? Math.min(...firsts) - sentAt : NaN,
    last: lasts.length ? Math.max(...lasts) - sentAt : NaN,
    ack: own.ackAt === null ? NaN : own.ackAt - sentAt,
    expected: parts.reduce((s, p) => s + p.expected, 0),
    received: parts.reduce((s, p) => s + p.received, 0),
    duplicates: parts.reduce((s, p) => s + p.duplicates, 0),
    error: own.ackError ?? (own.ackAt === null ? 'no ack' : null),
  };
}

export interface FanoutSummary {
  reps: number;
  /** Repetitions where every member got the message exactly once and the send was acknowledged. */
  complete: number;
  firstError: string | null;
  first: { p50: number; p99: number; max: number };
  last: { p50: number; p99: number; max: number };
  ackP50: number;
  cpuPct: number;
  pass: boolean;
}

const dist = (values: number[]) => {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
};

/**
 * `reps` messages to the big group (after `warm` unrecorded ones), one at a time, each from another
 * member. `senders[i]` is a member's name and the worker holding it.
 */
export async function fanouts(
  server: Server,
  workers: Worker[],
  senders: Array<{ name: string; worker: number }>,
  reps: number,
  warm: number,
): Promise<FanoutSummary> {
  const runs: Fanout[] = [];
  let cpu = 0;
  let wall = 0;
  for (let r = 0; r < warm + reps; r++) {
    const s = senders[(r * 7919) % senders.length]!;
    const cpu0 = cpuMs(server.pid);
    const t0 = performance.now();
    const f = await fanoutOnce(workers, s.worker, s.name, `fan-${process.pid}-${r}`);
    if (r >= warm) {
      runs.push(f);
      cpu += cpuMs(server.pid) - cpu0;
      wall += performance.now() - t0;
    }
    await sleep(200);
  }
  const bad = runs.filter((f) => f.received !== f.expected || f.duplicates > 0 || f.error);
  const firstBad = bad[0];
  const last = dist(runs.map((f) => f.last));
  return {
    reps,
    complete: runs.length - bad.length,
    firstError: firstBad
      ? `${firstBad.received}/${firstBad.expected} received, ${firstBad.duplicates} duplicates` +
        (firstBad.error ? `, ${firstBad.error}` : '')
      : null,
    first: dist(runs.map((f) => f.first)),
    last,
    ackP50: dist(runs.map((f) => f.ack)).p50,
    cpuPct: wall ? (cpu / wall) * 100 : NaN,
    pass: bad.length === 0 && last.p99 < P99_LIMIT_MS,
  };
}

export interface Step extends StepFigures {
  /** Deliveries expected (each message: one per other member of its group) and received. */
  expected: number;
  duplicates: number;
  misdelivered: number;
  pass: boolean;
}

export async function runStep(
  server: Server,
  workers: Worker[],
  rate: number,
  seconds: number,
  drainMs = 15_000,
): Promise<Step> {
  const { figures, sum } = await runLoadStep<Extract<GWorkerReply, { kind: 'stepped' }>>(
    server.pid,
    workers,
    rate,
    seconds,
    drainMs,
  );
  const s = {
    ...figures,
    expected: sum((p) => p.expected),
    duplicates: sum((p) => p.duplicates),
    misdelivered: sum((p) => p.misdelivered),
  };
  const pass =
    s.errors === 0 && s.acked === s.sent && s.received >= s.expected * 0.999 && s.p99 < P99_LIMIT_MS;
  return { ...s, pass };
}

/** The stepped-up rates (ladder.ts), with the groups bench's pass rule and log line. */
export function rampGroups(
  label: string,
  server: Server,
  workers: Worker[],
  rates: number[],
  seconds: number,
): Promise<Step[]> {
  return ramp({
    rates,
    run: (rate) => runStep(server, workers, rate, seconds),
    log: (s) =>
      console.log(
        `${label}: ${s.offered} msg/s → ${s.received}/${s.expected} deliveries, ${s.acked}/${s.sent} acked, ` +
          `p50 ${s.p50.toFixed(1)} p99 ${s.p99.toFixed(1)} ms, cpu ${s.cpuPct.toFixed(0)}% ` +
          (s.pass ? 'pass' : `FAIL${s.firstError ? ` (${s.firstError})` : ''}`),
      ),
    retry: (s) => s.errors === 0 && s.p99 < 3 * P99_LIMIT_MS,
    grid: 50,
  });
}

export { best };
