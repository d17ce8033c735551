import { expect } from 'vitest';
import WebSocket, { type ClientOptions } from 'ws';
import { WsClose, type LoginResult } from '@parley/protocol';
import { api, type TestServer, type TestUser } from '../helpers.js';
import { FrameLog, type Frame, type FramePredicate } from '../frame-log.js';

export type { Frame };

/** Predicate for `next()` / `waitFor()`: the ack of the client frame with this id. */
export function ackOf(id: string | number): FramePredicate {
  return (f) => f.type === 'ack' && f.id === id;
}

/** A client socket that records frames, for cases `openSocket` does not cover (e.g. no auto-pong). */
export interface RawClient {
  ws: WebSocket;
  frames: Frame[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** See FrameLog: the earliest frame not returned by an earlier `next()`. */
  next(predicate?: FramePredicate, timeoutMs?: number): Promise<Frame>;
  waitFor(predicate: FramePredicate, timeoutMs?: number): Promise<Frame>;
  send(frame: unknown): void;
}

export function rawClient(url: string, options: ClientOptions = {}): RawClient {
  const ws = new WebSocket(url, options);
  const log = new FrameLog();
  ws.on('message', (raw) => log.push(JSON.parse(String(raw)) as Frame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames: log.frames,
    opened,
    closed,
    next: (predicate, timeoutMs) => log.next(predicate, timeoutMs),
    waitFor: (predicate, timeoutMs) => log.waitFor(predicate, timeoutMs),
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

/** The internal numeric user ID behind a token (what `realtime.emit` takes). */
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

/** Like waitUntil for a condition that needs a round trip (e.g. asking Redis). */
export async function eventually(
  condition: () => Promise<boolean>,
  what = 'condition',
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Holds the next socket token check of `t` after it passed, until `release()`: the window in which a
 * logout can race the socket's registration. `restore()` puts the real check back.
 */
export function holdTokenCheck(t: TestServer): { atGate: Promise<void>; release(): void; restore(): void } {
  const app = t.server.app;
  const original = app.resolveSession;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = false;
  let reachedGate!: () => void;
  const atGate = new Promise<void>((r) => (reachedGate = r));
  app.resolveSession = async (token) => {
    const session = await original(token);
    if (!held) {
      held = true;
      reachedGate();
      await gate;
    }
    return session;
  };
  return { atGate, release, restore: () => (app.resolveSession = original) };
}

/** Lets the held check go on and expects the socket closed as logged out, without a `hello`. */
export async function expectLoggedOutBeforeHello(
  hold: { release(): void },
  pending: Promise<{ closed: Promise<{ code: number; reason: string }>; frames: Frame[] }>,
): Promise<void> {
  hold.release();
  const s = await pending;
  expect(await s.closed).toEqual({ code: WsClose.sessionEnded, reason: 'logged out' });
  expect(s.frames.some((f) => f.type === 'hello')).toBe(false);
}
