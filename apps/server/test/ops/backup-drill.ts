import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Message } from '@parley/protocol';
import { compiledCli, type CliRun } from '../cli-run.js';
import { compiledServer } from '../compiled-server.js';
import { api, type TestServer, type TestUser } from '../helpers.js';
import { fullHistory, sendText, userOn } from '../messaging/helpers.js';
import { startNodeProcess, type NodeProcess } from '../realtime/node-process.js';
import { PNG, upload } from '../uploads/fixtures.js';

export { cli, compiledCli } from '../cli-run.js';

/**
 * The environment of a server or a `parley` command on one database: its data folder (SQLite file,
 * uploads) and, for PostgreSQL, the DATABASE_URL; plus what every process of these tests shares.
 */
export function targetEnv(dataDir: string, databaseUrl = ''): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PARLEY_LANG: 'en',
    PARLEY_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: '',
    REDIS_URL: '',
    MESSAGE_SEND_PER_MINUTE: '1000000',
    // The suites' cheap password hashing (vitest.config.ts), which a NODE_ENV=test process accepts.
    PASSWORD_HASH_MEMORY_KIB: process.env.PASSWORD_HASH_MEMORY_KIB ?? '',
    PASSWORD_HASH_TIME_COST: process.env.PASSWORD_HASH_TIME_COST ?? '',
  };
}

/** A compiled server on `env`'s database. */
export async function startServer(name: string, env: Record<string, string>): Promise<NodeProcess> {
  return startNodeProcess(name, env, 60_000, (await compiledServer()).main);
}

const made: string[] = [];
/** A new folder under the system's temp folder, removed by `removeTempDirs`. */
export function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
  made.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Copies a backup folder, so a test can damage the copy. */
export function copyBackup(from: string, name: string): string {
  const to = path.join(tempDir(name), 'backup');
  fs.cpSync(from, to, { recursive: true });
  return to;
}

export interface Drill {
  sender: TestUser;
  peer: TestUser;
  /** Texts whose send was acknowledged before the backup's process was started. */
  ackedBefore: string[];
  /** Sends acknowledged while the backup ran. */
  ackedDuring: number;
  upload: { url: string; bytes: Buffer };
  backup: CliRun;
}

/**
 * On a running server: a user uploads a file, then sends messages to another in a loop over REST,
 * and `parley backup <dir>` runs in the middle of the loop, through `parley` (the compiled CLI in
 * its own process, or `cli` in this one: it starts at once, while the last acknowledged sends may
 * still be only in SQLite's WAL). Answers which sends were acknowledged before the backup began.
 */
export async function backupUnderLoad(
  node: NodeProcess,
  cliEnv: Record<string, string>,
  dir: string,
  parley: (args: string[], env: Record<string, string>) => Promise<CliRun> = compiledCli,
): Promise<Drill> {
  const sender = await userOn(node.baseUrl, 'bk_sender');
  const peer = await userOn(node.baseUrl, 'bk_peer');
  const stored = await upload({ baseUrl: node.baseUrl } as TestServer, sender.token, {
    bytes: PNG,
    name: 'backup.png',
  });
  if (stored.code !== 200) throw new Error(`upload failed: ${stored.code} ${stored.msg}`);

  // Read by the send loop while this function moves it on: an object, so TypeScript does not narrow it.
  const at: { phase: 'before' | 'during' | 'after' } = { phase: 'before' };
  const ackedBefore: string[] = [];
  let ackedDuring = 0;
  let enough: () => void = () => undefined;
  const warmedUp = new Promise<void>((resolve) => (enough = resolve));
  const load = (async () => {
    for (let i = 0; at.phase !== 'after'; i++) {
      const text = `load ${i}`;
      const res = await sendText(node.baseUrl, sender, peer, text);
      if (res.code !== 200) throw new Error(`send ${i} failed: ${res.code} ${res.msg}`);
      if (at.phase === 'before') ackedBefore.push(text);
      else ackedDuring += 1;
      if (ackedBefore.length >= 20) enough();
    }
  })();
  await warmedUp;
  at.phase = 'during';
  const backup = await parley(['backup', dir], cliEnv);
  at.phase = 'after';
  await load;
  return { sender, peer, ackedBefore, ackedDuring, upload: { url: stored.data!.url, bytes: PNG }, backup };
}

/** What a server started on the restored database serves of the drill's data. */
export async function restoredState(node: NodeProcess, drill: Drill) {
  const login = await api<{ token: string }>(node.baseUrl, 'POST', '/user/login/id', {
    body: { wtId: drill.sender.wtId, pwd: drill.sender.pwd },
  });
  const me = { ...drill.sender, token: login.data.token };
  const texts = (await fullHistory(node.baseUrl, me, drill.peer)).map(
    (m: Message) => (m.payload as { text: string }).text,
  );
  const file = await fetch(`${node.baseUrl}${drill.upload.url}`);
  return {
    login: login.code,
    texts,
    file: { status: file.status, same: Buffer.from(await file.arrayBuffer()).equals(drill.upload.bytes) },
  };
}

/** How often each text occurs. */
export function occurrences(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of texts) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Flips one byte in the middle of a file. */
export function flipByte(file: string): void {
  const bytes = fs.readFileSync(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0xff;
  fs.writeFileSync(file, bytes);
}

/** Rewrites a backup's manifest with `patch` applied. */
export function editManifest(dir: string, patch: Record<string, unknown>): void {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...manifest, ...patch }, null, 2));
}
