/** Small helpers shared by the delivery and groups benches: CPU time, percentiles, PostgreSQL, units. */
import fs from 'node:fs';
import pg from 'pg';

/** utime + stime of a process in ms (/proc/<pid>/stat, 100 ticks/s). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
