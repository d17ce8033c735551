/**
 * The bare durable relay the delivery and groups benches measure Parley against: `ws` +
 * better-sqlite3, no auth, no validation. A socket on /ws/<name> is user <name>; `message.send`
 * {conversationID, clientMsgId, payload} is stored with its conversation's next sequence. Sends that
 * arrive in one event-loop turn share one transaction; after its commit the sender gets its ack and
 * the bench's `deliver` sends `message.new`. Same SQLite settings as Parley (WAL,
 * synchronous=NORMAL), same socket options as the gateway, same listen backlog (LISTEN_BACKLOG), so
 * both meet a storm alike. bare-relay.ts (one-to-one) and bare-group-relay.ts (groups) supply the
 * conversation key, the delivery and the seeding.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WebSocketServer, type WebSocket } from 'ws';
import { wallNow } from './ipc.js';

export interface Send {
  ws: WebSocket;
  from: string;
  id: string | number;
  data: { conversationID: string; clientMsgId: string; payload: unknown };
}

export interface Stored {
  from: string;
  sequence: number;
  time: number;
  conversationID: string;
  clientMsgId: string;
  payload: unknown;
}

type Reply =
  | { kind: 'ready'; baseUrl: string; label: string }
  | { kind: 'shutdown'; ms: number }
  | { kind: 'error'; message: string };

export function startBareRelay<C extends { cmd: string }, R extends { kind: string }>(o: {
  label: string;
  /** The stored conversation a send goes to. */
  keyOf: (s: Send) => string;
  /** After the commit: `message.new` to whoever should get it. */
  deliver: (s: Send, message: Stored, sockets: Map<string, WebSocket>) => void;
  /** Every command but `shutdown`. */
  command: (command: Exclude<C, { cmd: 'shutdown' }>, reply: (m: R) => void) => void;
}): void {
  const reply = (m: R | Reply) => process.send?.(m);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-relay-'));
  const db = new Database(path.join(dir, 'relay.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE conversations (key TEXT PRIMARY KEY, last_seq INTEGER NOT NULL);
    CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation TEXT NOT NULL,
      seq INTEGER NOT NULL, sender TEXT NOT NULL, client_msg_id TEXT NOT NULL, body TEXT NOT NULL,
      created_at INTEGER NOT NULL, UNIQUE (conversation, seq), UNIQUE (sender, client_msg_id));`);
  const ensure = db.prepare('INSERT OR IGNORE INTO conversations (key, last_seq) VALUES (?, 0)');
  const bump = db.prepare(
    'UPDATE conversations SET last_seq = last_seq + 1 WHERE key = ? RETURNING last_seq',
  );
  const insert = db.prepare(
    'INSERT INTO messages (conversation, seq, sender, client_msg_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const sockets = new Map<string, WebSocket>();
  let pending: Send[] = [];

  const commit = db.transaction((batch: Send[]) =>
    batch.map((s) => {
      const key = o.keyOf(s);
      ensure.run(key);
      const seq = (bump.get(key) as { last_seq: number }).last_seq;
      const now = Date.now();
      insert.run(key, seq, s.from, s.data.clientMsgId, JSON.stringify(s.data.payload), now);
      return { seq, now };
    }),
  );

  function flush(): void {
    const batch = pending;
    pending = [];
    const stored = commit(batch);
    batch.forEach((s, i) => {
      const { seq, now } = stored[i]!;
      const message: Stored = { ...s.data, from: s.from, sequence: seq, time: now };
      s.ws.send(JSON.stringify({ type: 'ack', id: s.id, code: 200, msg: 'ok', data: message }));
      o.deliver(s, message, sockets);
    });
  }

  const httpServer = http.createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  httpServer.on('upgrade', (req, socket, head) => {
    const name = /^\/ws\/([^/?]+)/.exec(req.url ?? '')?.[1];
    if (!name) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(name, ws);
      ws.on('close', () => sockets.get(name) === ws && sockets.delete(name));
      ws.on('error', () => undefined);
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as Omit<Send, 'ws' | 'from'> & { type: string };
        if (frame.type !== 'message.send') return;
        if (pending.length === 0) setImmediate(flush);
        pending.push({ ws, from: name, id: frame.id, data: frame.data });
      });
      ws.send(JSON.stringify({ type: 'hello', data: { serverTime: Date.now() } }));
    });
  });

  process.on('message', (command: C) => {
    if (command.cmd !== 'shutdown') return o.command(command as Exclude<C, { cmd: 'shutdown' }>, reply);
    const started = wallNow();
    for (const ws of sockets.values()) ws.close(1012, 'server restarting');
    httpServer.close(() => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      reply({ kind: 'shutdown', ms: wallNow() - started });
    });
  });

  httpServer.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', 4096, () => {
    const { port } = httpServer.address() as { port: number };
    reply({ kind: 'ready', baseUrl: `http://127.0.0.1:${port}`, label: o.label });
  });
}
