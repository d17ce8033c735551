/**
 * The stepped-up load of the delivery and groups benches: one step across the load processes (their
 * summed counts, latency percentiles, the server's CPU and RSS over the step), and the ladder of
 * rates (a retry near the limit on a shared machine, one refinement between the last passing and the
 * first failing rate).
 */
import { cpuMs, machineTicks, percentile, threadCpuMs } from './bench-stats.js';
import { rssBytes, sleep } from './proc.js';

/** What a load process answers for a step (`stepped`); benches add their own counts. */
export interface StepPart {
  sent: number;
  acked: number;
  received: number;
  errors: number;
  firstError: string | null;
  /** send → peer received, ms, of every message received (0.01 ms resolution). */
  latencies: number[];
  /** When each of `latencies` was sent (wall clock, ms), where the load process records it. */
  sentAt?: number[];
  /** send → ack, ms. */
  ackLatencies: number[];
}

interface StepWorker<P> {
  /** The load process (its CPU over the step is reported next to the server's). */
  readonly proc: { pid?: number };
  send(command: { cmd: 'step'; rate: number; seconds: number; drainMs: number }): void;
  next(kind: 'stepped', timeoutMs: number): Promise<P>;
}

/** The counts and figures every bench reports for a step. */
export interface StepFigures {
  offered: number;
  sent: number;
  acked: number;
  received: number;
  errors: number;
  firstError: string | null;
  p50: number;
  p99: number;
  max: number;
  ackP99: number;
  /**
   * p99 send → receive of each second of the step (by send time), where the load records send
   * times: a step that fails on one stall shows one bad second among good ones, one that fails on
   * queueing shows them all high.
   */
  secondP99s: number[];
  cpuPct: number;
  /** CPU of the load processes together over the step (100 % = one core): what the server shares the machine with. */
  loadCpuPct: number;
  /**
   * Share of the machine's CPU time the hypervisor took over the step (`steal` in /proc/stat): a
   * step that fails with a high one says more about the host than about the server.
   */
  stealPct: number;
  /**
   * The server's busiest threads over the step (100 % = one core): the event loop ('main') and, on
   * SQLite, the send thread; `waitPct`, the time each was ready to run but had no core.
   */
  threads: Array<{ name: string; pct: number; waitPct: number }>;
  rss: number;
}

/** Runs one step at `rate` (split over the load processes) and sums what they measured. */
export async function runLoadStep<P extends StepPart>(
  serverPid: number,
  workers: Array<StepWorker<P>>,
  rate: number,
  seconds: number,
  drainMs: number,
): Promise<{ figures: StepFigures; sum: (f: (p: P) => number) => number }> {
  const loadCpu = () => workers.reduce((s, w) => s + (w.proc.pid ? cpuMs(w.proc.pid) : 0), 0);
  const cpu0 = cpuMs(serverPid);
  const threads0 = threadCpuMs(serverPid);
  const load0 = loadCpu();
  const machine0 = machineTicks();
  const t0 = performance.now();
  for (const w of workers) w.send({ cmd: 'step', rate: rate / workers.length, seconds, drainMs });
  const parts = await Promise.all(workers.map((w) => w.next('stepped', seconds * 1000 + drainMs + 60_000)));
  const elapsed = performance.now() - t0;
  const cpuPct = ((cpuMs(serverPid) - cpu0) / elapsed) * 100;
  const loadCpuPct = ((loadCpu() - load0) / elapsed) * 100;
  const machine1 = machineTicks();
  const stealPct = ((machine1.steal - machine0.steal) / Math.max(1, machine1.total - machine0.total)) * 100;
  // The main thread is the one whose id is the process's; the others go by their names.
  const threads = [...threadCpuMs(serverPid)]
    .map(([tid, t]) => ({
      name: tid === serverPid ? 'main' : t.name,
      pct: ((t.ms - (threads0.get(tid)?.ms ?? 0)) / elapsed) * 100,
      waitPct: ((t.waitMs - (threads0.get(tid)?.waitMs ?? 0)) / elapsed) * 100,
    }))
    .sort((a, b) => b.pct - a.pct)
    .slice(0, Number(process.env.BENCH_THREADS ?? 2));
  const sum = (f: (p: P) => number) => parts.reduce((s, p) => s + f(p), 0);
  const lat = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const ack = parts.flatMap((p) => p.ackLatencies).sort((a, b) => a - b);
  const secondP99s = bySecond(parts);
  return {
    sum,
    figures: {
      offered: rate,
      sent: sum((p) => p.sent),
      acked: sum((p) => p.acked),
      received: sum((p) => p.received),
      errors: sum((p) => p.errors),
      firstError: parts.find((p) => p.firstError)?.firstError ?? null,
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
      max: lat[lat.length - 1] ?? NaN,
      ackP99: percentile(ack, 99),
      secondP99s,
      cpuPct,
      loadCpuPct,
      stealPct,
      threads,
      rss: rssBytes(serverPid),
    },
  };
}

/** p99 latency of each whole second of sends, in order (empty when the load records no send times). */
function bySecond(parts: StepPart[]): number[] {
  const pairs = parts.flatMap((p) =>
    p.sentAt ? p.latencies.map((l, i) => [p.sentAt![i]!, l] as const) : [],
  );
  if (pairs.length === 0) return [];
  // A loop, not Math.min(...): a step holds tens of thousands of sends.
  const start = pairs.reduce((min, [at]) => (at < min ? at : min), Infinity);
  const seconds: number[][] = [];
  for (const [at, l] of pairs) (seconds[Math.floor((at - start) / 1000)] ??= []).push(l);
  return seconds.map((s) =>
    percentile(
      s.sort((a, b) => a - b),
      99,
    ),
  );
}

/**
 * Steps through `rates` until one fails: a failure near the limit (`retry`) is tried once more, and
 * after the first failure one rate half-way back (on a `grid`) is tried.
 */
export async function ramp<S extends { offered: number; pass: boolean }>(o: {
  rates: number[];
  run: (rate: number) => Promise<S>;
  log: (s: S) => void;
  retry: (s: S) => boolean;
  grid: number;
}): Promise<S[]> {
  const steps: S[] = [];
  const step = async (rate: number) => {
    const s = await o.run(rate);
    steps.push(s);
    o.log(s);
    return s;
  };
  let lastPass = 0;
  for (const rate of o.rates) {
    let s = await step(rate);
    if (!s.pass && o.retry(s)) {
      // Near the limit on a shared machine: one more try before calling it.
      await sleep(2000);
      s = await step(rate);
    }
    if (!s.pass) {
      const mid = Math.round((lastPass + rate) / 2 / o.grid) * o.grid;
      if (lastPass > 0 && mid > lastPass && mid < rate) {
        await sleep(1000);
        await step(mid);
      }
      break;
    }
    lastPass = rate;
    await sleep(1000);
  }
  return steps;
}

/** The highest passing step. */
export function best<S extends { offered: number; pass: boolean }>(steps: S[]): S | undefined {
  return steps.filter((s) => s.pass).sort((a, b) => b.offered - a.offered)[0];
}

/**
 * Why a comparison with the bare relay is invalid, or null when it holds: the relay is the yardstick,
 * so its ladder must climb until the relay itself fails. A relay that passed the highest step offered
 * (or never got a step) has an unknown capacity, and "Parley at N % of the relay" would compare
 * against the ladder's top, not against the relay.
 */
export function relayYardstickInvalid<S extends { offered: number; pass: boolean }>(
  relaySteps: S[],
  rates: number[],
): string | null {
  if (relaySteps.length === 0) return 'the bare relay ran no step';
  const top = Math.max(...rates);
  const relayBest = best(relaySteps);
  if (relayBest && relayBest.offered >= top)
    return (
      `the bare relay passed the highest step offered (${top}/s): its capacity is unknown, so no ` +
      `share of it can be stated; offer higher --rates until the relay fails`
    );
  return null;
}
