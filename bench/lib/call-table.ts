/** bench/delivery.ts `--call`: its steps without and with the group call, side by side. */
import type { StepFigures } from './ladder.js';
import { ms1 } from './bench-stats.js';
import { printTable } from './proc.js';

/** A step run without the call, and (`withCall`) again while the call sent. */
export interface CallStep extends StepFigures {
  pass: boolean;
  withCall?: StepFigures & { pass: boolean; callPktPerSec: number };
}

/** --call: each step without and with the call, and the ratio (with / without). */
export function printCallTable(results: Array<{ label: string; steps: CallStep[] }>): void {
  console.log('\n## The same steps without and with a 9-member group call (ratio: with / without)');
  const ratio = (on: number, off: number) => (off > 0 ? `${(on / off).toFixed(2)}×` : '–');
  const rows = results.flatMap((r) =>
    r.steps.flatMap((s) => {
      const c = s.withCall;
      if (!c) return [];
      return [
        [
          r.label,
          String(s.offered),
          `${s.received} / ${c.received}`,
          `${ms1(s.p50)} / ${ms1(c.p50)}`,
          `${ms1(s.p99)} / ${ms1(c.p99)}`,
          ratio(c.p99, s.p99),
          `${s.cpuPct.toFixed(0)} / ${c.cpuPct.toFixed(0)} %`,
          c.callPktPerSec.toFixed(0),
          `${s.pass ? 'pass' : 'FAIL'} / ${c.pass ? 'pass' : 'FAIL'}`,
        ],
      ];
    }),
  );
  printTable(
    [
      'target',
      'offered/s',
      'received',
      'p50 ms',
      'p99 ms',
      'p99 ratio',
      'server CPU',
      'call pkt/s recv',
      'without / with',
    ],
    rows,
  );
}
