/**
 * Per-statement SQLite timing for the benches (BENCH_SQL_STATS=1): wraps better-sqlite3's statement
 * methods in this process and prints, at exit, each SQL text's calls and total time, slowest first.
 * Used to see where a Parley server's SQLite time goes under load (docs/performance.md).
 */
import Database from 'better-sqlite3';

export function installSqlStats(): void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const stats = new Map<string, { calls: number; ns: bigint; max: bigint; slow: number }>();
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const t = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const s = stats.get(this.source) ?? { calls: 0, ns: 0n, max: 0n, slow: 0 };
        const took = process.hrtime.bigint() - t;
        s.calls += 1;
        s.ns += took;
        if (took > s.max) s.max = took;
        // Over 1 ms: a lock wait (SQLite's busy handler sleeps) more than work.
        if (took > 1_000_000n) s.slow += 1;
        stats.set(this.source, s);
      }
    };
  }
  process.on('exit', () => {
    const rows = [...stats].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 40);
    const total = rows.reduce((n, [, s]) => n + Number(s.ns), 0);
    process.stderr.write(`\n# SQLite time by statement (total ${(total / 1e6).toFixed(0)} ms)\n`);
    for (const [sql, s] of rows) {
      const ms = Number(s.ns) / 1e6;
      process.stderr.write(
        `${ms.toFixed(0).padStart(7)} ms ${String(s.calls).padStart(8)} calls ${((ms * 1000) / s.calls).toFixed(1).padStart(6)} µs  max ${(Number(s.max) / 1e6).toFixed(1).padStart(6)} ms, ${String(s.slow).padStart(4)} > 1 ms  ${sql.replace(/\s+/g, ' ').slice(0, 120)}\n`,
      );
    }
  });
}
