import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerBundle } from '../../apps/server/scripts/build.mjs';
import { dropSchema, pgReachable } from './bench-stats.js';
import { parleyEnv, parleyNodeFlags } from './net.js';

const lib = import.meta.dirname;

/** One server a runner measures: its script (an absolute path), its environment and node flags. */
export interface Target {
  label: string;
  script: string;
  env: NodeJS.ProcessEnv;
  execArgv: string[];
}

/**
 * A bench's Parley server script (in bench/lib) compiled as `npm start` runs Parley
 * (apps/server/scripts/build.mjs: one esbuild bundle, the send thread beside it), so a bench
 * measures the code as it ships, not as tsx compiles it from source (tsx keeps function names with a
 * helper call wherever a function is created, ~1–2 % of each thread under load). The bundle lies in
 * bench/.tmp, inside the repository, so that it finds its packages in node_modules. Returns its path.
 */
export async function compiledParley(name: string, script: string): Promise<string> {
  const { main } = await buildServerBundle(
    path.join(lib, '..', '.tmp', `${name}-parley`),
    path.join(lib, script),
  );
  return main;
}

/**
 * The same bench server compiled from another checkout of Parley (`root`, e.g. a `git worktree` of
 * an earlier commit with its own `npm ci`), by that checkout's own build script, into its bench/.tmp.
 */
async function baselineParley(root: string, name: string, script: string): Promise<string> {
  const build = (await import(pathToFileURL(path.join(root, 'apps/server/scripts/build.mjs')).href)) as {
    buildServerBundle: typeof buildServerBundle;
  };
  const { main } = await build.buildServerBundle(
    path.join(root, 'bench', '.tmp', `${name}-parley`),
    path.join(root, 'bench', 'lib', script),
  );
  return main;
}

/** The label of Parley SQLite with metrics on (`metricsPort`). */
export const METRICS_ON_LABEL = 'Parley SQLite (metrics on)';

/** The limits a bench's load would hit (sends per minute, the owner's invites while groups are set up). */
const UNLIMITED = { MESSAGE_SEND_PER_MINUTE: '1000000', GROUP_INVITES_PER_HOUR: '1000000' };

/**
 * The delivery and groups benches' three targets: Parley (`server`, a script in bench/lib) on a temp
 * SQLite file, the same on a fresh PostgreSQL schema (`BENCH_PG_URL`, skipped when unreachable) and a
 * bare relay, as `only` picks them. `cleanup` removes the SQLite directory and drops the schema.
 * With BENCH_BASELINE (the root of another checkout), Parley SQLite as that checkout builds it runs
 * too, on its own SQLite directory and with its own start flags: an A/B in the same run.
 */
export async function benchTargets(o: {
  name: string;
  server: string;
  relay: { label: string; script: string };
  only: string[];
  prof: string | null;
  /** A port: Parley SQLite runs a second time with metrics on, its listener there (METRICS_PORT). */
  metricsPort?: number;
}): Promise<{ targets: Target[]; cleanup: () => Promise<void> }> {
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${o.name}-`));
  const schema = `bench_${o.name}_${process.pid}`;
  // Parley runs with its start script's node flags, then BENCH_SERVER_FLAGS (experiments: GC settings);
  // the relay with node's defaults, then BENCH_RELAY_FLAGS (to try the same flags on it).
  const extra = [...parleyNodeFlags(), ...envFlags('BENCH_SERVER_FLAGS')];
  const flagsFor = (name: string) => [
    ...extra,
    ...(o.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.prof, name)}`] : []),
  ];
  const serverEnv = parleyEnv(dataDir, UNLIMITED);
  const parley = o.only.some((t) => t !== 'relay') ? await compiledParley(o.name, o.server) : '';
  const targets: Target[] = [];
  if (o.only.includes('sqlite'))
    targets.push({ label: 'Parley SQLite', script: parley, env: serverEnv, execArgv: flagsFor('sqlite') });
  if (o.only.includes('postgres')) {
    if (await pgReachable(pgUrl))
      targets.push({
        label: 'Parley PostgreSQL',
        script: parley,
        env: { ...serverEnv, DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema },
        execArgv: flagsFor('postgres'),
      });
    else console.log(`PostgreSQL at ${pgUrl} unreachable: skipped`);
  }
  const metricsDir = o.metricsPort ? fs.mkdtempSync(path.join(os.tmpdir(), `parley-${o.name}-metrics-`)) : '';
  if (o.metricsPort && o.only.includes('sqlite'))
    targets.push({
      label: METRICS_ON_LABEL,
      script: parley,
      env: parleyEnv(metricsDir, { ...UNLIMITED, METRICS_PORT: String(o.metricsPort) }),
      execArgv: flagsFor('sqlite-metrics'),
    });
  const baseline = process.env.BENCH_BASELINE;
  const baseDir = baseline ? fs.mkdtempSync(path.join(os.tmpdir(), `parley-${o.name}-base-`)) : '';
  if (baseline && o.only.includes('sqlite'))
    targets.push({
      label: 'Parley SQLite (baseline)',
      script: await baselineParley(path.resolve(baseline), o.name, o.server),
      env: parleyEnv(baseDir, UNLIMITED),
      execArgv: [
        ...parleyNodeFlags(path.resolve(baseline)),
        ...envFlags('BENCH_SERVER_FLAGS'),
        ...(o.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.prof, 'baseline')}`] : []),
      ],
    });
  if (o.only.includes('relay'))
    targets.push({
      ...o.relay,
      script: path.join(lib, o.relay.script),
      env: process.env,
      execArgv: envFlags('BENCH_RELAY_FLAGS'),
    });
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (baseDir) fs.rmSync(baseDir, { recursive: true, force: true });
    if (metricsDir) fs.rmSync(metricsDir, { recursive: true, force: true });
    if (targets.some((t) => t.env.DATABASE_SCHEMA === schema))
      await dropSchema(pgUrl, schema).catch(() => undefined);
  };
  return { targets, cleanup };
}

/** Node flags from an environment variable, space-separated. */
function envFlags(name: string): string[] {
  return (process.env[name] ?? '').split(' ').filter(Boolean);
}
