/**
 * The floor for the groups bench: bare-relay.ts (ws + better-sqlite3, no auth, no validation)
 * extended with group fan-out. A socket on /ws/<name> is user <name>; the runner's `seed` names the
 * groups and their members (kept in memory). `message.send` {conversationID: 'GROUP<n>',
 * clientMsgId, payload} is stored once, with the conversation's next sequence; sends that arrive in
 * one event-loop turn share one transaction, and after its commit the sender gets its ack and every
 * member's socket (the sender's too, as Parley's group topic does) gets one `message.new`, encoded
 * once per message. Same SQLite settings as Parley (WAL, synchronous=NORMAL).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BenchClient, GServerCommand, GServerReply } from './group-ipc.js';
import { wallNow } from './ipc.js';

const reply = (m: GServerReply) => process.send?.(m);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-group-relay-'));
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
/** conversationID → member names. */
const groups = new Map<string, string[]>();
let pending: Send[] = [];

const commit = db.transaction((batch: Send[]) =>
  batch.map((s) => {
    const key = s.data.conversationID;
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
    const message = { ...s.data, from: s.from, sequence: seq, time: now };
    s.ws.send(JSON.stringify({ type: 'ack', id: s.id, code: 200, msg: 'ok', data: message }));
    const frame = Buffer.from(JSON.stringify({ type: 'message.new', data: { ...message, flow: 'in' } }));
    for (const member of groups.get(s.data.conversationID) ?? []) sockets.get(member)?.send(frame);
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

process.on('message', (command: GServerCommand) => {
  if (command.cmd === 'seed') {
    const clients: BenchClient[] = Array.from({ length: command.users }, (_, i) => ({
      token: `u${i}`,
      name: `u${i}`,
    }));
    const convs = command.groups.map((layout, n) => {
      const id = `GROUP${10_000_000 + n}`;
      groups.set(
        id,
        layout.map((i) => clients[i]!.name),
      );
      return id;
    });
    reply({ kind: 'seeded', clients, groups: convs, usersMs: 0, groupsMs: 0 });
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

// The same listen backlog as Parley's default (LISTEN_BACKLOG).
httpServer.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', 4096, () => {
  const { port } = httpServer.address() as { port: number };
  reply({ kind: 'ready', baseUrl: `http://127.0.0.1:${port}`, label: 'bare group relay' });
});
