import { spawn } from 'node:child_process';
import path from 'node:path';
import { runCli } from '../src/cli/main.js';
import { compiledServer } from './compiled-server.js';

/** What a `parley` command line answered: its exit code and what it printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the compiled CLI (dist/parley.js of the run's bundle) as its own process. */
export async function compiledCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const bundle = await compiledServer();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(bundle.dir, 'parley.js'), ...args],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, stdout, stderr };
}

/** Runs `parley` in this process (runCli), for the refusals: faster than a process each. */
export async function cli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    { out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) },
    env,
  );
  return { code, stdout, stderr };
}

/**
 * The environment that points `parley` at an in-process test server's database, in English (the
 * texts the suites assert; test/ops/cli-language.test.ts covers the other languages).
 */
export function cliEnvOf(t: { config: { databaseUrl?: string; databaseSchema?: string; dataDir: string } }) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PARLEY_LANG: 'en',
  };
  if (t.config.databaseUrl) env.DATABASE_SCHEMA = t.config.databaseSchema;
  else {
    delete env.DATABASE_URL;
    env.PARLEY_DATA_DIR = t.config.dataDir;
  }
  return env;
}
