// The delivery bench's metrics on / off row (bench/delivery.ts --metrics).
import { ms1 } from './bench-stats.js';
import type { CallStep } from './call-table.js';
import { best } from './ladder.js';
import { printTable } from './proc.js';
import { METRICS_ON_LABEL } from './targets.js';

/** With --metrics: the sustained rate with metrics on against off, same run. */
export function printMetricsRow(results: Array<{ label: string; steps: CallStep[] }>, seconds: number): void {
  const on = results.find((r) => r.label === METRICS_ON_LABEL);
  const off = results.find((r) => r.label === 'Parley SQLite');
  if (!on || !off) return;
  const [a, b] = [best(on.steps), best(off.steps)];
  console.log('\n## Metrics on / off (Parley SQLite, same run)');
  printTable(
    ['metrics off msg/s', 'metrics on msg/s', 'on / off', 'p99 off', 'p99 on'],
    [
      [
        b ? (b.received / seconds).toFixed(0) : 'none passed',
        a ? (a.received / seconds).toFixed(0) : 'none passed',
        a && b ? `${((a.received / b.received) * 100).toFixed(1)} %` : '–',
        b ? ms1(b.p99) : '',
        a ? ms1(a.p99) : '',
      ],
    ],
  );
}
