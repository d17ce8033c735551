/**
 * A client process of the connection bench: opens its share of idle sockets (a socket counts once
 * its hello frame arrived, i.e. it is authenticated), then reports when every socket has received
 * a given fan-out event and when every socket has been closed by the server.
 */
import WebSocket from 'ws';
import type { WorkerCommand, WorkerReply } from './ipc.js';
import { wallNow } from './ipc.js';

const sockets: WebSocket[] = [];
const received = new Map<number, { count: number; lastAt: number }>();
const closeCodes: Record<string, number> = {};
let closedCount = 0;
let lastClosedAt = 0;
let expecting: { seq: number; target: number } | null = null;
let waitingForClose = false;

function reply(message: WorkerReply): void {
  process.send?.(message);
}

function checkReceived(seq: number): void {
  const r = received.get(seq);
  if (expecting?.seq === seq && r && r.count >= expecting.target) {
    expecting = null;
    reply({ kind: 'received', seq, count: r.count, lastAt: r.lastAt });
  }
}

function checkClosed(): void {
  if (waitingForClose && closedCount >= sockets.length) {
    waitingForClose = false;
    reply({ kind: 'closed', count: closedCount, codes: closeCodes, lastAt: lastClosedAt });
  }
}

function openOne(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let greeted = false;
    ws.on('message', (raw) => {
      const text = String(raw);
      if (!greeted) {
        greeted = true;
        if (text.startsWith('{"type":"hello"')) resolve(ws);
        else reject(new Error(`unexpected first frame: ${text.slice(0, 80)}`));
        return;
      }
      // Cheap check first: only fan-out frames are parsed.
      if (!text.startsWith('{"type":"bench.fanout"')) return;
      const seq = (JSON.parse(text) as { data: { seq: number } }).data.seq;
      const at = wallNow();
      const r = received.get(seq) ?? { count: 0, lastAt: 0 };
      r.count += 1;
      r.lastAt = Math.max(r.lastAt, at);
      received.set(seq, r);
      checkReceived(seq);
    });
    ws.on('close', (code) => {
      if (!greeted) reject(new Error(`closed before hello: ${code}`));
      closedCount += 1;
      lastClosedAt = wallNow();
      closeCodes[code] = (closeCodes[code] ?? 0) + 1;
      checkClosed();
    });
    ws.on('error', (err) => {
      if (!greeted) reject(err);
    });
  });
}

async function open(command: Extract<WorkerCommand, { cmd: 'open' }>): Promise<void> {
  const started = wallNow();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lane = async () => {
    while (next < command.count) {
      const i = next++;
      const token = command.tokens[i % command.tokens.length]!;
      try {
        sockets.push(await openOne(`${command.wsBase}/ws/${token}`));
      } catch (err) {
        failed += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(command.concurrency, command.count) }, lane));
  reply({ kind: 'opened', opened: sockets.length, failed, firstError, ms: wallNow() - started });
}

process.on('message', (command: WorkerCommand) => {
  switch (command.cmd) {
    case 'open':
      void open(command);
      return;
    case 'expect':
      expecting = { seq: command.seq, target: sockets.length };
      checkReceived(command.seq);
      return;
    case 'waitClosed':
      waitingForClose = true;
      checkClosed();
      return;
    case 'exit':
      for (const ws of sockets) ws.terminate();
      process.exit(0);
  }
});

reply({ kind: 'ready' });
