import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropSchema, pgReachable } from './bench-stats.js';
import { parleyEnv, parleyNodeFlags } from './net.js';

/** One server a runner measures: a script in bench/lib, its environment and node flags. */
export interface Target {
  label: string;
  script: string;
  env: NodeJS.ProcessEnv;
  execArgv: string[];
}

/**
 * The delivery and groups benches' three targets: Parley (`server`, a script in bench/lib) on a temp
 * SQLite file, the same on a fresh PostgreSQL schema (`BENCH_PG_URL`, skipped when unreachable) and a
 * bare relay, as `only` picks them. `cleanup` removes the SQLite directory and drops the schema.
 */
export async function benchTargets(o: {
  name: string;
  server: string;
  relay: { label: string; script: string };
  only: string[];
  prof: string | null;
}): Promise<{ targets: Target[]; cleanup: () => Promise<void> }> {
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${o.name}-`));
  const schema = `bench_${o.name}_${process.pid}`;
  // Parley runs with its start script's node flags, then BENCH_SERVER_FLAGS (experiments: GC settings).
  const extra = [...parleyNodeFlags(), ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
  const flagsFor = (name: string) => [
    ...extra,
    ...(o.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.prof, name)}`] : []),
  ];
  const serverEnv = parleyEnv(dataDir, { MESSAGE_SEND_PER_MINUTE: '1000000' });
  const targets: Target[] = [];
  if (o.only.includes('sqlite'))
    targets.push({ label: 'Parley SQLite', script: o.server, env: serverEnv, execArgv: flagsFor('sqlite') });
  if (o.only.includes('postgres')) {
    if (await pgReachable(pgUrl))
      targets.push({
        label: 'Parley PostgreSQL',
        script: o.server,
        env: { ...serverEnv, DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema },
        execArgv: flagsFor('postgres'),
      });
    else console.log(`PostgreSQL at ${pgUrl} unreachable: skipped`);
  }
  if (o.only.includes('relay')) targets.push({ ...o.relay, env: process.env, execArgv: [] });
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (targets.some((t) => t.env.DATABASE_SCHEMA === schema))
      await dropSchema(pgUrl, schema).catch(() => undefined);
  };
  return { targets, cleanup };
}
