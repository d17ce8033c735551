import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import type { Envelope, LoginResult } from '@parley/protocol';
import { loadConfig, type Config } from '../src/config.js';
import { buildServer, type ParleyServer } from '../src/app.js';
import { compiledServer } from './compiled-server.js';
import { FrameLog, type Frame, type FramePredicate } from './frame-log.js';
export { buildServer };
export type { Frame, FramePredicate };

/**
 * Test server: a real Parley app listening on a free port with a fresh database.
 * SQLite in a temp dir by default; PostgreSQL (a fresh schema) when DATABASE_URL is set.
 */
export interface TestServer {
  server: ParleyServer;
  baseUrl: string;
  wsUrl: string;
  config: Config;
  close(): Promise<void>;
}

/** Limits a test server starts with unless the test passes its own (`limits` in the overrides). */
export const ROOMY_LIMITS = {
  groupCreatesPerHour: 10_000,
  groupInvitesPerHour: 100_000,
  uploadsPerMinute: 10_000,
  fullSyncsPerMinute: 10_000,
  callRingsPerMinute: 10_000,
  callRingsReceivedPerMinute: 10_000,
  groupCallJoinsPerMinute: 10_000,
  groupCallJoinsPerCallPerMinute: 10_000,
  typingPerMinute: 10_000,
  typingReceivedPerMinute: 10_000,
  reactionsPerMinute: 10_000,
  reactionsPerConversationPerMinute: 10_000,
  pinTogglesPerMinute: 10_000,
  pinTogglesPerChatPerMinute: 10_000,
} as const;

/** A clock tests can move forward. */
export class FakeClock {
  private timers: { when: number; fn: () => void }[] = [];
  constructor(public t = Date.now()) {}
  now = () => this.t;
  /** Server timers on this clock fire as `advance` passes them. */
  at = (when: number, fn: () => void) => {
    const timer = { when, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((x) => x !== timer);
    };
  };
  advance(ms: number) {
    this.t += ms;
    const due = this.timers.filter((x) => x.when <= this.t).sort((x, y) => x.when - y.when);
    this.timers = this.timers.filter((x) => x.when > this.t);
    for (const x of due) x.fn();
  }
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  clock?: { now(): number },
  beforeListen?: (server: ParleyServer) => void,
  /** Receives the server's log lines (pass `logLevel` in `overrides`; tests run silent by default). */
  logStream?: { write(line: string): void },
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const schema = process.env.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseSchema: schema,
      redisUrl: overrides.redisUrl ?? undefined,
      webDistDir: undefined,
      // The run's compiled send thread: from source every server's thread would compile its modules
      // again through tsx (about a second of CPU for each of the suites' hundreds of servers).
      sendThreadEntry: path.join((await compiledServer()).dir, 'send-thread.js'),
      // The abuse limits out of the way of tests about something else: a suite makes many groups,
      // calls, uploads and full syncs per user within minutes. Tests of a limit pass `limits`.
      limits: { ...loadConfig({}).limits, ...ROOMY_LIMITS },
      ...overrides,
    },
  );
  const server = await buildServer(config, clock, logStream);
  beforeListen?.(server);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = address.replace('[::1]', '127.0.0.1');
  return {
    server,
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    config,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}

export interface CallResult<T = unknown> extends Envelope<T> {
  status: number;
}

/** Calls the API like a browser would: JSON body, optional bearer token. */
export async function api<T = unknown>(
  t: TestServer | string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const base = typeof t === 'string' ? t : t.baseUrl;
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}/api${url}`, { method, headers, body });
  const json = (await res.json()) as Envelope<T>;
  return { ...json, status: res.status };
}

/** Drops a test's PostgreSQL schema so repeated runs leave nothing behind. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

let phoneCounter = 0;
/** A unique valid mainland phone number for this test process. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const n = (process.pid % 10000) * 10000 + phoneCounter;
  return `139${String(n).padStart(8, '0')}`;
}

export interface TestUser extends LoginResult {
  pwd: string;
}

export async function registerUser(
  t: TestServer | string,
  fields: Partial<{ phone: string; pwd: string; nickName: string; wtId: string }> = {},
): Promise<TestUser> {
  const body = { phone: uniquePhone(), pwd: 'secret123', nickName: 'User', ...fields };
  const res = await api<LoginResult>(t, 'POST', '/user/login/register', { body });
  if (res.code !== 200) throw new Error(`register failed: ${res.code} ${res.msg}`);
  return { ...res.data, pwd: body.pwd };
}

/** An open socket that records every frame it receives (see FrameLog for `next` and `waitFor`). */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  /** The earliest frame not returned by an earlier `next()` (matching `predicate`), waiting for it. */
  next(predicate?: FramePredicate, timeoutMs?: number): Promise<Frame>;
  /** The earliest matching frame, returned or not; does not mark it. */
  waitFor(predicate: FramePredicate, timeoutMs?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): void;
}

/** A socket on `/ws/{token}`; `query` (without `?`) is appended to the URL, e.g. `since=12`. */
export function openSocket(t: TestServer | string, token: string, query?: string): Promise<TestSocket> {
  const base = typeof t === 'string' ? t.replace(/^http/, 'ws') : t.wsUrl;
  const ws = new WebSocket(`${base}/ws/${encodeURIComponent(token)}${query ? `?${query}` : ''}`);
  const log = new FrameLog();
  ws.on('message', (raw) => log.push(JSON.parse(String(raw)) as Frame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const socket: TestSocket = {
    ws,
    frames: log.frames,
    closed,
    next: (predicate, timeoutMs) => log.next(predicate, timeoutMs),
    waitFor: (predicate, timeoutMs) => log.waitFor(predicate, timeoutMs),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
    // An invalid token is accepted then closed by the server; callers inspect `closed`.
  });
}
