/** Small helpers shared by the delivery and groups benches: CPU time, percentiles, PostgreSQL, units. */
import fs from 'node:fs';
import pg from 'pg';

/** utime + stime of a process in ms (/proc/<pid>/stat, 100 ticks/s). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's CPU time so far in ticks (/proc/stat's `cpu` line): all of it, and what the hypervisor took (steal). */
export function machineTicks(): { total: number; steal: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const t = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: t.reduce((a, b) => a + b, 0), steal: t[7] ?? 0 };
}

/**
 * Each thread of a process by thread id: its name, utime + stime in ms (/proc/<pid>/task), and the
 * time it was ready to run but waited for a core, in ms (`schedstat`'s run-queue delay; 0 where the
 * kernel keeps no schedstats).
 */
export function threadCpuMs(pid: number): Map<number, { name: string; ms: number; waitMs: number }> {
  const out = new Map<number, { name: string; ms: number; waitMs: number }>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      let waitMs = 0;
      try {
        waitMs = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
      } catch {
        // no schedstats on this kernel
      }
      out.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * 10, waitMs });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function pgReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}

export const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
export const ms1 = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '–');
export const loadavg = (loads: number[]) => loads.map((v) => v.toFixed(2)).join(' ');
