/**
 * The floor for the delivery bench: a bare durable relay. `ws` + better-sqlite3, no auth, no
 * validation. A socket on /ws/<name> is user <name>; `message.send` {conversationID: 'C2C<peer>',
 * clientMsgId, payload} is stored with the conversation's next sequence. Sends that arrive in one
 * event-loop turn share one transaction; the ack and the peer's `message.new` go out after its commit.
 * Same SQLite settings as Parley (WAL, synchronous=NORMAL), same socket options as the gateway.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BenchClient, DServerCommand, DServerReply } from './delivery-ipc.js';
import { wallNow } from './ipc.js';

const reply = (m: DServerReply) => process.send?.(m);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-relay-'));
const db = new Database(path.join(dir, 'relay.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`CREATE TABLE conversations (key TEXT PRIMARY KEY, last_seq INTEGER NOT NULL);
  CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation TEXT NOT NULL,
    seq INTEGER NOT NULL, sender TEXT NOT NULL, client_msg_id TEXT NOT NULL, body TEXT NOT NULL,
    created_at INTEGER NOT NULL, UNIQUE (conversation, seq), UNIQUE (sender, client_msg_id));`);
const ensure = db.prepare('INSERT OR IGNORE INTO conversations (key, last_seq) VALUES (?, 0)');
const bump = db.prepare('UPDATE conversations SET last_seq = last_seq + 1 WHERE key = ? RETURNING last_seq');
const insert = db.prepare(
  'INSERT INTO messages (conversation, seq, sender, client_msg_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
);

interface Send {
  ws: WebSocket;
  from: string;
  id: string | number;
  data: { conversationID: string; clientMsgId: string; payload: unknown };
}
const sockets = new Map<string, WebSocket>();
let pending: Send[] = [];

const commit = db.transaction((batch: Send[]) =>
  batch.map((s) => {
    const peer = s.data.conversationID.slice(3);
    const key = s.from < peer ? `${s.from}:${peer}` : `${peer}:${s.from}`;
    ensure.run(key);
    const seq = (bump.get(key) as { last_seq: number }).last_seq;
    const now = Date.now();
    insert.run(key, seq, s.from, s.data.clientMsgId, JSON.stringify(s.data.payload), now);
    return { seq, now, peer };
  }),
);

function flush(): void {
  const batch = pending;
  pending = [];
  const stored = commit(batch);
  batch.forEach((s, i) => {
    const { seq, now, peer } = stored[i]!;
    const message = { ...s.data, from: s.from, sequence: seq, time: now };
    s.ws.send(JSON.stringify({ type: 'ack', id: s.id, code: 200, msg: 'ok', data: message }));
    sockets
      .get(peer)
      ?.send(JSON.stringify({ type: 'message.new', data: { ...message, conversationID: `C2C${s.from}` } }));
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

process.on('message', (command: DServerCommand) => {
  if (command.cmd === 'seed') {
    const clients: BenchClient[] = Array.from({ length: command.users }, (_, i) => ({
      token: `u${i}`,
      name: `u${i}`,
    }));
    reply({ kind: 'seeded', clients, ms: 0 });
  } else if (command.cmd === 'shutdown') {
    const started = wallNow();
    for (const ws of sockets.values()) ws.close(1012, 'server restarting');
    httpServer.close(() => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      reply({ kind: 'shutdown', ms: wallNow() - started });
    });
  }
});

// The same listen backlog as Parley's default (LISTEN_BACKLOG), so both meet a storm alike.
httpServer.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', 4096, () => {
  const { port } = httpServer.address() as { port: number };
  reply({ kind: 'ready', baseUrl: `http://127.0.0.1:${port}`, label: 'bare durable relay' });
});
