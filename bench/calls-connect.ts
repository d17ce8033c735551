/**
 * One-to-one calls on loopback: (1) time from the callee's accept click to the first decoded remote
 * video frame on each side (requestVideoFrameCallback on the remote <video>), over R calls between
 * two Chromium pages with fake devices, against the built app on a real Parley server; (2) the
 * signalling relay: P caller/callee socket pairs in connected calls each sending `call.signal`
 * candidates at a fixed rate for S seconds; relayed frames per second and relay latency. Prints
 * tables; never fails on a number.
 *   npm run build -w @parley/web && npx tsx bench/calls-connect.ts [R=20] [P=50] [S=10] [perSocketRate=20]
 * Results: docs/performance.md, "Calls".
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { api, registerUser, type TestUser } from '../e2e/harness/api';
import { openUser } from '../e2e/harness/browser';
import { CHROMIUM_ARGS } from '../e2e/harness/chromium';
import { CHROMIUM, WEB_DIST } from '../e2e/harness/paths';
import { startServer, type TestServer } from '../e2e/harness/server';
import { printTable, sleep } from './lib/proc.js';

const R = Number(process.argv[2] ?? 20);
const P = Number(process.argv[3] ?? 50);
const S = Number(process.argv[4] ?? 10);
const RATE = Number(process.argv[5] ?? 20);

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function friends(server: TestServer, a: TestUser, b: TestUser) {
  await api(server, '/userFriends/apply', { token: a.token, body: { applyWtId: b.wtId, applySource: 1 } });
  await api(server, '/userFriends/apply/handle', {
    token: b.token,
    body: { applyWtId: a.wtId, handleStatus: 1 },
  });
}

/** In the page: resolves with Date.now() at the first frame the remote video presents. */
function firstRemoteFrame(page: Page): Promise<number> {
  // A string, not a function: tsx (esbuild keepNames) would wrap a function in `__name(...)`.
  return page.evaluate(`new Promise((resolve) => {
    const tick = () => {
      const v = document.querySelector('[data-testid="call-remote-video"]');
      if (v && v.srcObject) v.requestVideoFrameCallback(() => resolve(Date.now()));
      else setTimeout(tick, 5);
    };
    tick();
  })`) as Promise<number>;
}

async function connectTimes(server: TestServer): Promise<string[][]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  });
  try {
    const A = await registerUser(server, { nickName: 'caller' });
    const B = await registerUser(server, { nickName: 'callee' });
    await friends(server, A, B);
    const a = await openUser(browser, server, { login: A.login });
    const b = await openUser(browser, server, { login: B.login });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    await b.page.goto(`/messages?conversationID=C2C${A.wtId}`);
    await a.page.getByTestId('call-video').waitFor();
    const caller: number[] = [];
    const callee: number[] = [];
    const ring: number[] = [];
    for (let i = 0; i < R; i++) {
      const placed = Date.now();
      await a.page.getByTestId('call-video').click();
      await b.page.getByTestId('call-accept').waitFor();
      ring.push(Date.now() - placed);
      const firstA = firstRemoteFrame(a.page);
      const firstB = firstRemoteFrame(b.page);
      const accepted = (await b.page.evaluate(
        `(() => { const t = Date.now(); document.querySelector('[data-testid="call-accept"]').click(); return t; })()`,
      )) as number;
      caller.push((await firstA) - accepted);
      callee.push((await firstB) - accepted);
      await a.page.getByTestId('call-hangup').click();
      await a.page.getByTestId('call-window').waitFor({ state: 'detached' });
      await b.page.getByTestId('call-window').waitFor({ state: 'detached' });
      await sleep(600); // the 500 ms call-button debounce
    }
    const row = (name: string, v: number[]) => [
      name,
      String(v.length),
      String(pct(v, 50)),
      String(pct(v, 90)),
      String(Math.max(...v)),
    ];
    return [
      row('invite → callee rings (node clock)', ring),
      row('accept → caller first remote frame', caller),
      row('accept → callee first remote frame', callee),
    ];
  } finally {
    await browser.close();
  }
}

interface Sock {
  ws: WebSocket;
  conn: string;
  pending: Map<string, (f: { code: number; data: unknown }) => void>;
  onSignal?: (sentAt: number) => void;
}

async function sock(server: TestServer, token: string): Promise<Sock> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/${token}`);
  const s: Sock = { ws, conn: '', pending: new Map() };
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as {
        type: string;
        id?: string;
        code: number;
        data: Record<string, unknown>;
      };
      if (f.type === 'hello') {
        s.conn = String(f.data.connectionId);
        resolve();
      } else if (f.type === 'ack' && f.id) s.pending.get(f.id)?.(f);
      else if (f.type === 'call.signal') {
        const c = (f.data.candidate as { candidate: string }).candidate;
        s.onSignal?.(Number(c.split(' ')[5]));
      }
    });
    ws.on('error', reject);
  });
  return s;
}

let frameSeq = 0;
function send(s: Sock, type: string, data: unknown): Promise<{ code: number; data: unknown }> {
  const id = `b${++frameSeq}`;
  return new Promise((resolve) => {
    s.pending.set(id, (f) => {
      s.pending.delete(id);
      resolve(f);
    });
    s.ws.send(JSON.stringify({ id, type, data }));
  });
}

async function relay(server: TestServer): Promise<string[][]> {
  const pairs: { a: Sock; b: Sock; callId: string }[] = [];
  for (let i = 0; i < P; i++) {
    const A = await registerUser(server, { nickName: `ra${i}` });
    const B = await registerUser(server, { nickName: `rb${i}` });
    await friends(server, A, B);
    const a = await sock(server, A.token);
    const b = await sock(server, B.token);
    const inv = await send(a, 'call.invite', { v: 1, userID: B.wtId, type: 2 });
    const callId = (inv.data as { callId: string }).callId;
    await send(b, 'call.accept', { v: 1, callId });
    pairs.push({ a, b, callId });
  }
  let received = 0;
  const lat: number[] = [];
  for (const p of pairs) {
    p.b.onSignal = (sentAt) => {
      received += 1;
      lat.push(Date.now() - sentAt);
    };
  }
  let sent = 0;
  let refused = 0;
  const started = Date.now();
  const timers = pairs.map((p) =>
    setInterval(() => {
      sent += 1;
      const candidate = `candidate:1 1 udp 2122260223 127.0.0.1 ${Date.now()} typ host`;
      void send(p.a, 'call.signal', {
        v: 1,
        callId: p.callId,
        kind: 'candidate',
        candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 },
      }).then((f) => {
        if (f.code !== 200) refused += 1;
      });
    }, 1000 / RATE),
  );
  await sleep(S * 1000);
  for (const t of timers) clearInterval(t);
  await sleep(500);
  const secs = (Date.now() - started) / 1000;
  for (const p of pairs) {
    p.a.ws.close();
    p.b.ws.close();
  }
  return [
    [
      String(P),
      String(P * RATE),
      String(sent),
      String(received),
      String(refused),
      String(Math.round(received / secs)),
      String(pct(lat, 50)),
      String(pct(lat, 99)),
    ],
  ];
}

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('no web build (apps/web/dist/index.html): run `npm run build` first');
} else {
  const server = await startServer({ name: 'bench-calls', env: { AUTH_IP_PER_MINUTE: '100000' } });
  try {
    console.log(`\nAccept → first decoded remote frame, ${R} video calls on loopback (ms)`);
    printTable(['measure', 'n', 'p50', 'p90', 'max'], await connectTimes(server));
    console.log(
      `\nSignalling relay: ${P} connected calls, each caller sending ${RATE} candidates/s for ${S} s`,
    );
    printTable(
      ['pairs', 'offered/s', 'sent', 'relayed', 'refused', 'relayed/s', 'p50 ms', 'p99 ms'],
      await relay(server),
    );
  } finally {
    await server.dispose();
  }
}
