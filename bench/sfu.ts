/**
 * Group-call media through the SFU, werift (embedded, in its worker thread) and Janus VideoRoom in
 * the same run. Rooms of N synthetic members (werift peer connections in this process): each
 * publishes audio (50 packets/s, 120 B) and video (30 packets/s of 1250 B: 300 kbit/s) and
 * subscribes to the others. Per step (1, 2, 3 … rooms): forwarded packets/s (received by all
 * subscribers), the SFU's CPU time per second of wall time (werift: its worker thread's, Janus: its
 * process's, both from /proc), the time per second the werift thread was ready to run but waited
 * for a core (/proc schedstat: on a busy machine a starved thread shows a low CPU share, not
 * idleness), and the one-way time (send time in the payload → receive time), also as added to the baseline: a room of two members on an otherwise idle werift SFU, measured
 * first in this run (the clients' own stack plus one idle hop). Steps up until the added p95 passes
 * 100 ms (or MAX rooms). The members run in this process, on the same cores as the SFU. Prints a
 * table; never fails on a number.
 *   npx tsx bench/sfu.ts [N=9] [MAX=8] [SECONDS=5]
 * Results: docs/performance.md, "Group calls".
 */
import fs from 'node:fs';
import os from 'node:os';
import { JanusSfu } from '../apps/server/src/modules/calls/sfu/janus/janus-sfu.js';
import type { Sfu } from '../apps/server/src/modules/calls/sfu/sfu.js';
import { WeriftSfu } from '../apps/server/src/modules/calls/sfu/werift-sfu.js';
import { startJanus } from '../apps/server/test/calls/janus-server.js';
import { SfuPeer } from '../apps/server/test/calls/sfu-peer.js';
import { openRoom as openRoomOf, pump } from './lib/call-room.js';
import { printTable, sleep } from './lib/proc.js';

const N = Number(process.argv[2] ?? 9);
const MAX = Number(process.argv[3] ?? 8);
const SECONDS = Number(process.argv[4] ?? 5);
const LIMIT_MS = 100;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Measure {
  forwardedPerSec: number;
  p50: number;
  p95: number;
}

/** Sends for SECONDS after a second of warm-up; what the subscribers received in that window. */
async function measure(peers: SfuPeer[]): Promise<Measure> {
  const stop = pump(peers);
  await sleep(1000);
  for (const p of peers) {
    p.delays.length = 0;
    p.received.clear();
  }
  await sleep(SECONDS * 1000);
  stop();
  const delays = peers.flatMap((p) => p.delays);
  const received = peers.reduce((n, p) => n + [...p.received.values()].reduce((a, b) => a + b, 0), 0);
  return { forwardedPerSec: received / SECONDS, p50: pct(delays, 50), p95: pct(delays, 95) };
}

/** CPU seconds Janus has used (utime + stime from /proc). */
function janusCpu(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The baseline: two members on an idle werift SFU. */
async function baseline(): Promise<Measure> {
  const sfu = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 250 });
  sfu.events.setMaxListeners(0);
  try {
    await sfu.openRoom('baseline');
    const a = new SfuPeer(sfu, 'baseline', 'a', true);
    const b = new SfuPeer(sfu, 'baseline', 'b', true);
    await Promise.all([a.publish(), b.publish()]);
    await Promise.all([a.subscribe(), b.subscribe()]);
    await Promise.all([a, b].map((p) => p.until(() => p.tracks.length === 2)));
    const m = await measure([a, b]);
    await Promise.all([a.close(), b.close()]);
    return m;
  } finally {
    await sfu.close();
  }
}

async function run(
  name: string,
  sfu: Sfu,
  cpu: () => { used: number; waited: number },
  refreshCpu: () => Promise<void>,
  base: Measure,
  rows: string[][],
): Promise<void> {
  const rooms: SfuPeer[][] = [];
  try {
    for (let count = 1; count <= MAX; count++) {
      rooms.push(await openRoomOf(sfu, count, N));
      const peers = rooms.flat();
      await refreshCpu();
      const cpuBefore = cpu();
      const started = Date.now();
      const m = await measure(peers);
      await refreshCpu();
      const wall = (Date.now() - started) / 1000;
      const cpuShare = (cpu().used - cpuBefore.used) / wall;
      const waitShare = (cpu().waited - cpuBefore.waited) / wall;
      const added95 = m.p95 - base.p50;
      rows.push([
        name,
        String(count),
        String(peers.length),
        m.forwardedPerSec.toFixed(0),
        `${(cpuShare * 100).toFixed(0)} %`,
        Number.isNaN(waitShare) ? '—' : `${(waitShare * 100).toFixed(0)} %`,
        `${m.p50} / ${m.p95}`,
        added95.toFixed(0),
        load(),
      ]);
      console.log(rows.at(-1)!.join('  '));
      if (added95 > LIMIT_MS) break;
    }
  } finally {
    await Promise.all(rooms.flat().map((p) => p.close().catch(() => undefined)));
  }
}

async function main() {
  console.log(
    `SFU bench: rooms of ${N}, ${SECONDS} s per step, up to ${MAX} rooms; load average at start: ${load()}`,
  );
  const base = await baseline();
  console.log(`baseline (2 members on an idle werift SFU): one-way p50 ${base.p50} ms, p95 ${base.p95} ms`);
  const rows: string[][] = [];

  const werift = new WeriftSfu({ stunUrls: [], levelsIntervalMs: 250 });
  werift.events.setMaxListeners(0);
  let weriftCpuNow = { used: 0, waited: 0 };
  const weriftCpu = () => weriftCpuNow;
  const refresh = async () => {
    const stats = await werift.stats();
    weriftCpuNow = { used: stats.cpuSeconds ?? NaN, waited: stats.waitSeconds ?? NaN };
  };
  try {
    await run('werift', werift, weriftCpu, refresh, base, rows);
  } finally {
    await werift.close();
  }

  const janus = await startJanus();
  const jsfu = new JanusSfu(janus.url);
  jsfu.events.setMaxListeners(0);
  try {
    await run(
      'janus',
      jsfu,
      () => ({ used: janusCpu(janus.pid), waited: NaN }),
      async () => undefined,
      base,
      rows,
    );
  } finally {
    await jsfu.close();
    await janus.stop();
  }

  console.log(`\nload average at end: ${load()} (other work on the machine skews every figure)`);
  printTable(
    [
      'SFU',
      'rooms',
      'members',
      'forwarded pkt/s',
      'SFU CPU (of one core)',
      'SFU waited for a core',
      'one-way p50 / p95 ms',
      'p95 added to baseline p50, ms',
      'load 1/5/15',
    ],
    rows,
  );
  process.exit(0);
}

void main();
