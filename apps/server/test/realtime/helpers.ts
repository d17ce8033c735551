import WebSocket, { type ClientOptions } from 'ws';
import type { LoginResult } from '@parley/protocol';
import { api, type TestServer, type TestUser } from '../helpers.js';

export type Frame = { type: number | string; data: unknown; [k: string]: unknown };

/** Predicate for `next()`: the ack of the client frame with this id. */
export function ackOf(id: string | number): (f: { type: number | string; data: unknown }) => boolean {
  return (f) => f.type === 'ack' && (f as Frame).id === id;
}

/** A client socket that records frames, for cases `openSocket` does not cover (e.g. no auto-pong). */
export interface RawClient {
  ws: WebSocket;
  frames: Frame[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  next(predicate: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  send(frame: unknown): void;
}

export function rawClient(url: string, options: ClientOptions = {}): RawClient {
  const ws = new WebSocket(url, options);
  const frames: Frame[] = [];
  const waiters = new Set<{ p: (f: Frame) => boolean; resolve: (f: Frame) => void }>();
  ws.on('message', (raw) => {
    const f = JSON.parse(String(raw)) as Frame;
    frames.push(f);
    for (const w of waiters) {
      if (w.p(f)) {
        waiters.delete(w);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    opened,
    closed,
    next(predicate, timeoutMs = 5000) {
      const found = frames.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = {
          p: predicate,
          resolve: (f: Frame) => {
            clearTimeout(timer);
            resolve(f);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`timed out waiting for a frame; got ${JSON.stringify(frames).slice(0, 300)}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}

/** A fresh token of an existing user (tokens are per login). */
export async function loginAgain(t: TestServer | string, user: TestUser): Promise<string> {
  const res = await api<LoginResult>(t, 'POST', '/user/login/pwd', {
    body: { phone: user.phone, pwd: user.pwd },
  });
  if (res.code !== 200) throw new Error(`login failed: ${res.code} ${res.msg}`);
  return res.data.token;
}

/** The internal numeric user ID behind a token (what `realtime.toUsers` takes). */
export async function internalUserId(t: TestServer, token: string): Promise<number> {
  return (await t.server.app.resolveSession(token)).userId;
}

export async function waitUntil(
  condition: () => boolean,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves with `undefined` if nothing settles `p` within `ms` (to assert that something did not happen). */
export function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);
}

/**
 * Which external services a suite needs. Outside CI a suite whose service is not configured is
 * skipped; in CI (CI set) a missing service is an error, so the suite fails instead of skipping.
 * `PARLEY_TEST_PASS=sqlite` marks the SQLite pass of scripts/test-all.mjs, where DATABASE_URL is
 * blanked on purpose: suites that need PostgreSQL run in the PostgreSQL pass instead.
 */
export function servicesFor(needs: Array<'DATABASE_URL' | 'REDIS_URL'>): {
  run: boolean;
  missing: string[];
  mustFail: boolean;
} {
  const missing = needs.filter((k) => !process.env[k]);
  const sqlitePass = process.env.PARLEY_TEST_PASS === 'sqlite' && needs.includes('DATABASE_URL');
  const mustFail = missing.length > 0 && Boolean(process.env.CI) && !sqlitePass;
  return { run: missing.length === 0, missing, mustFail };
}
