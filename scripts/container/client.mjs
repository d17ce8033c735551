/**
 * A Parley client for the container test (scripts/container-test.mjs): the REST envelope, accounts,
 * and a socket that sends frames and waits for their acks and for pushed frames. Only `ws` and
 * fetch: the test talks to the container as any client would.
 */
import { randomInt, randomUUID } from 'node:crypto';
import WebSocket from 'ws';

/** POST /api{url}: the envelope {code, msg, data} and the HTTP status. */
export async function post(baseUrl, url, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, ...(await res.json()) };
}

/** Resolves when `GET {baseUrl}{path}` answers 200; rejects when `alive()` says the process is gone. */
export async function waitFor200(baseUrl, path, alive, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    const why = alive();
    if (why) throw new Error(`${path} never answered 200: ${why}`);
    if (Date.now() > deadline)
      throw new Error(`${path} never answered 200 within ${timeoutMs} ms (last: ${last})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Registers an account (a fresh mainland phone number, the given wtId); throws unless 200. */
export async function register(baseUrl, wtId) {
  const body = {
    phone: `139${String(randomInt(1e8)).padStart(8, '0')}`,
    pwd: 'secret123',
    nickName: wtId,
    wtId,
  };
  const res = await post(baseUrl, '/user/login/register', body);
  if (res.code !== 200) throw new Error(`register ${wtId}: ${res.status} ${res.code} ${res.msg}`);
  return { wtId, token: res.data.token };
}

/** A socket of one user past its `hello`: `send` resolves with the frame's ack, `next` with a pushed frame. */
export class Socket {
  static open(baseUrl, user) {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/${encodeURIComponent(user.token)}`);
    return new Promise((resolve, reject) => {
      const socket = new Socket(ws);
      socket.next((f) => f.type === 'hello').then(() => resolve(socket), reject);
      ws.once('error', reject);
    });
  }

  constructor(ws) {
    this.ws = ws;
    this.frames = [];
    this.waiters = [];
    this.nextId = 0;
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      this.frames.push(frame);
      for (const w of [...this.waiters]) w(frame);
    });
    ws.on('close', (code, reason) => {
      this.closed = `socket closed (${code} ${reason})`;
      for (const w of [...this.waiters]) w(undefined);
    });
  }

  /** The first frame (received already or later) matching `predicate`; rejects if the socket closes first. */
  next(predicate) {
    const seen = this.frames.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = (frame) => {
        if (frame === undefined) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(this.closed));
        } else if (predicate(frame)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(frame);
        }
      };
      this.waiters.push(waiter);
    });
  }

  /** Sends a frame and resolves with its ack {code, msg, data}. */
  send(type, data) {
    const id = `ct-${++this.nextId}`;
    const ack = this.next((f) => f.type === 'ack' && f.id === id);
    this.ws.send(JSON.stringify({ id, type, data }));
    return ack;
  }

  close() {
    this.ws.terminate();
  }
}

/** A text message from `from` to `to` as a `message.send` frame on `socket`; throws unless acked 200. */
export async function sendOverSocket(socket, to, text) {
  const ack = await socket.send('message.send', {
    conversationID: `C2C${to.wtId}`,
    clientMsgId: randomUUID(),
    type: 'text',
    payload: { text },
  });
  if (ack.code !== 200) throw new Error(`message.send: ${ack.code} ${ack.msg}`);
  return ack.data;
}

/** The messages `user` sees in the one-to-one conversation with `peer` (latest page). */
export async function history(baseUrl, user, peer) {
  const res = await post(baseUrl, '/message/history', { conversationID: `C2C${peer.wtId}` }, user.token);
  if (res.code !== 200) throw new Error(`history: ${res.status} ${res.code} ${res.msg}`);
  return res.data.messages;
}
