/**
 * A client process of the reconnect-storm bench. Storm clients hold one socket each; on a close
 * they reconnect (first try after a random 0–1 s, then every 0.5–1 s, like a browser tab with
 * jittered backoff) and, for Parley, catch up as the web client does: the new socket's URL names the
 * version they knew and its `hello` carries what changed after it (`message.sync` frames follow only
 * while there is more). Every sequence a client learns (live `message.new` or sync) is kept, so the
 * runner can check that nothing was missed. Senders keep sending `message.send` to storm clients.
 */
import WebSocket from 'ws';
import type { BenchClient } from './delivery-ipc.js';
import type { StormCommand, StormReply } from './storm-ipc.js';
import { wallNow } from './ipc.js';

const reply = (m: StormReply) => process.send?.(m);

interface StormClient {
  me: BenchClient;
  ws: WebSocket | null;
  version: number;
  seen: Set<number>;
  back: boolean;
}
const storm: StormClient[] = [];
let wsBase = '';
let doSync = false;
const back = {
  firstCloseAt: 0,
  lastHelloAt: 0,
  lastSyncedAt: 0,
  attempts: 0,
  refused: 0,
  helloSyncs: 0,
  syncCalls: 0,
  syncErrors: 0,
  firstError: null as string | null,
};
let expecting = false;
let pendingBack = 0;

interface Frame {
  type: string;
  id?: number;
  code?: number;
  msg?: string;
  data?: {
    syncVersion?: number;
    syncSince?: number;
    sync?: SyncPage;
    sequence?: number;
    from?: string;
    to?: string;
    clientMsgId?: string;
  };
  /** The ack of `message.sync` (its `data`, read as such). */
  sync?: SyncPage;
}

type SyncPage = { version: number; hasMore: boolean; messages: Array<{ sequence: number; from: string }> };

function connect(c: StormClient, initial: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    back.attempts += initial ? 0 : 1;
    // Like the web client, a reconnect names the version it knows: hello then carries the catch-up.
    const since = !initial && doSync ? `?since=${c.version}` : '';
    const ws = new WebSocket(`${wsBase}/ws/${c.me.token}${since}`, { perMessageDeflate: false });
    let greeted = false;
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as Frame;
      if (!greeted && f.type === 'hello') {
        greeted = true;
        c.ws = ws;
        if (initial) c.version = f.data?.syncVersion ?? 0;
        else back.lastHelloAt = Math.max(back.lastHelloAt, wallNow());
        resolve();
        if (!initial) void afterReconnect(c, ws, f.data ?? {});
        return;
      }
      if (f.type === 'ack' && f.id !== undefined) {
        const done = acks.get(f.id);
        acks.delete(f.id);
        done?.({ ...f, sync: f.data as Frame['sync'] });
        return;
      }
      if (f.type === 'message.new' && f.data?.from !== c.me.name && f.data?.sequence)
        c.seen.add(f.data.sequence);
    });
    ws.on('close', (code) => {
      if (!greeted) return reject(new Error(`closed before hello: ${code}`));
      if (c.ws !== ws) return;
      c.ws = null;
      back.firstCloseAt ||= wallNow();
      if (!c.back) return;
      c.back = false;
      pendingBack += 1;
      setTimeout(() => void retry(c), Math.random() * 1000);
    });
    ws.on('error', (err) => {
      if (!greeted) reject(err);
    });
  });
}

async function retry(c: StormClient): Promise<void> {
  for (;;) {
    try {
      await connect(c, false);
      return;
    } catch (err) {
      back.refused += 1;
      back.firstError ??= err instanceof Error ? err.message : String(err);
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
    }
  }
}

/** Sync frames awaiting their ack, by frame id (ids are unique per worker). */
const acks = new Map<number, (f: Frame) => void>();
let frameId = 0;

function request(ws: WebSocket, type: string, data: unknown): Promise<Frame> {
  return new Promise((resolve, reject) => {
    const id = ++frameId;
    acks.set(id, resolve);
    ws.send(JSON.stringify({ id, type, data }), (err) => {
      if (!err) return;
      acks.delete(id);
      reject(err);
    });
  });
}

function learn(c: StormClient, page: SyncPage): void {
  for (const m of page.messages) if (m.from !== c.me.name) c.seen.add(m.sequence);
  c.version = page.version;
}

/**
 * The web client's catch-up (apps/web/src/features/messages/sync.ts): the socket URL named the
 * version this client knew, so when changes came after it `hello` carries them; `message.sync`
 * frames on the new socket follow only while `hasMore` (or when hello had no catch-up for that
 * version). When hello's version did not move, nothing changed and the client is synced at hello.
 */
async function afterReconnect(
  c: StormClient,
  ws: WebSocket,
  hello: NonNullable<Frame['data']>,
): Promise<void> {
  const helloVersion = hello.syncVersion ?? 0;
  let more = true;
  if (doSync && hello.sync && hello.syncSince === c.version) {
    back.helloSyncs += 1;
    learn(c, hello.sync);
    more = hello.sync.hasMore;
  }
  if (doSync && more && helloVersion > c.version) {
    for (;;) {
      back.syncCalls += 1;
      try {
        const f = await request(ws, 'message.sync', { since: c.version });
        if (f.code !== 200 || !f.sync) throw new Error(`sync ${f.code} ${f.msg}`);
        learn(c, f.sync);
        if (!f.sync.hasMore) break;
      } catch (err) {
        back.syncErrors += 1;
        back.firstError ??= err instanceof Error ? err.message : String(err);
        if (ws.readyState !== WebSocket.OPEN) return;
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
      }
    }
  }
  back.lastSyncedAt = Math.max(back.lastSyncedAt, wallNow());
  c.back = true;
  pendingBack -= 1;
  checkBack();
}

function checkBack(): void {
  if (expecting && pendingBack === 0 && storm.every((s) => s.back && s.ws)) {
    expecting = false;
    reply({ kind: 'back', ...back });
  }
}

async function open(cmd: Extract<StormCommand, { cmd: 'open' }>): Promise<void> {
  wsBase = cmd.wsBase;
  doSync = cmd.sync;
  const started = wallNow();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lane = async () => {
    while (next < cmd.clients.length) {
      const c: StormClient = { me: cmd.clients[next++]!, ws: null, version: 0, seen: new Set(), back: true };
      try {
        await connect(c, true);
        storm.push(c);
      } catch (err) {
        failed += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: cmd.concurrency }, lane));
  reply({ kind: 'opened', opened: storm.length, failed, firstError, ms: wallNow() - started });
}

// Senders.
let sending: NodeJS.Timeout | null = null;
const sendStats = { sent: 0, acked: 0, errors: 0, firstError: null as string | null };
const lastSeq: Record<string, number> = {};
let outstanding = 0;

async function startSending(cmd: Extract<StormCommand, { cmd: 'send' }>): Promise<void> {
  const sockets = await Promise.all(
    cmd.senders.map(
      (s) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${cmd.wsBase}/ws/${s.token}`, { perMessageDeflate: false });
          ws.once('message', () => resolve(ws));
          ws.once('error', reject);
          ws.on('message', (raw) => {
            const f = JSON.parse(String(raw)) as Frame;
            if (f.type !== 'ack') return;
            outstanding -= 1;
            if (f.code === 200 && f.data?.to && f.data.sequence) {
              sendStats.acked += 1;
              lastSeq[f.data.to] = Math.max(lastSeq[f.data.to] ?? 0, f.data.sequence);
            } else {
              sendStats.errors += 1;
              sendStats.firstError ??= `ack ${f.code}: ${f.msg}`;
            }
          });
        }),
    ),
  );
  reply({ kind: 'sending', senders: sockets.length });
  const started = wallNow();
  let turn = 0;
  let id = 0;
  const pairs = cmd.targets.flatMap((ts, i) => ts.map((t) => [i, t] as const));
  sending = setInterval(() => {
    const due = Math.floor(((wallNow() - started) / 1000) * cmd.rate) - sendStats.sent;
    for (let k = 0; k < due; k++) {
      const [i, target] = pairs[turn++ % pairs.length]!;
      const ws = sockets[i]!;
      sendStats.sent += 1;
      outstanding += 1;
      const clientMsgId = `s${process.pid}-${++id}`;
      ws.send(
        JSON.stringify({
          id,
          type: 'message.send',
          data: { conversationID: `C2C${target}`, clientMsgId, type: 'text', payload: { text: clientMsgId } },
        }),
      );
    }
  }, 10);
}

async function stopSending(): Promise<void> {
  if (sending) clearInterval(sending);
  const until = wallNow() + 30_000;
  while (outstanding > 0 && wallNow() < until) await new Promise((r) => setTimeout(r, 50));
  reply({ kind: 'stopped', ...sendStats, lastSeq });
}

process.on('message', (cmd: StormCommand) => {
  switch (cmd.cmd) {
    case 'open':
      void open(cmd);
      return;
    case 'send':
      void startSending(cmd);
      return;
    case 'stopSending':
      void stopSending();
      return;
    case 'expectBack':
      expecting = true;
      checkBack();
      return;
    case 'report':
      reply({ kind: 'report', seen: Object.fromEntries(storm.map((c) => [c.me.name, [...c.seen]])) });
      return;
    case 'exit':
      process.exit(0);
  }
});
reply({ kind: 'ready' });
