/**
 * A load process of the delivery bench: holds both sockets of its share of client pairs and, per
 * step, sends `message.send` frames at a paced rate (each client to its pair's other side, taking
 * turns), timing send → ack on the sender's socket and send → `message.new` on the peer's socket.
 */
import WebSocket from 'ws';
import type { BenchClient, DWorkerCommand, DWorkerReply } from './delivery-ipc.js';
import { wallNow } from './ipc.js';
import { pacedStep } from './pace.js';

const reply = (m: DWorkerReply) => process.send?.(m);
const prefix = `w${process.pid}`;

interface Client {
  ws: WebSocket;
  me: BenchClient;
  peer: BenchClient;
}
const clients: Client[] = [];
/** clientMsgId → send time, until the peer received it. */
const inFlight = new Map<string, { at: number; acked: boolean; received: boolean }>();
let stats = fresh();
let counter = 0;

function fresh() {
  return {
    sent: 0,
    acked: 0,
    received: 0,
    errors: 0,
    firstError: null as string | null,
    latencies: [] as number[],
    sentAt: [] as number[],
    ackLatencies: [] as number[],
  };
}

function onFrame(c: Client, text: string): void {
  const frame = JSON.parse(text) as {
    type: string;
    code?: number;
    msg?: string;
    data?: { clientMsgId?: string; from?: string; payload?: { text?: string } };
  };
  if (frame.type === 'ack') {
    const id = frame.data?.clientMsgId;
    const f = id ? inFlight.get(id) : undefined;
    if (frame.code === 200 && !f) return; // late ack of an earlier step
    if (frame.code !== 200 || !f) {
      stats.errors += 1;
      stats.firstError ??= `ack ${frame.code}: ${frame.msg}`;
      return;
    }
    f.acked = true;
    if (f.received) inFlight.delete(id!);
    stats.acked += 1;
    stats.ackLatencies.push(Math.round((wallNow() - f.at) * 100) / 100);
  } else if (frame.type === 'message.new' && frame.data?.from !== c.me.name) {
    // The receiver's copy does not carry the sender's clientMsgId: the text does.
    const id = frame.data?.payload?.text;
    const f = id ? inFlight.get(id) : undefined;
    if (!f || f.received) return;
    f.received = true;
    if (f.acked) inFlight.delete(id!);
    stats.received += 1;
    stats.latencies.push(Math.round((wallNow() - f.at) * 100) / 100);
    stats.sentAt.push(f.at);
  }
}

function openOne(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('message', (raw) => {
      if (String(raw).startsWith('{"type":"hello"')) resolve(ws);
      else reject(new Error(`unexpected first frame: ${String(raw).slice(0, 80)}`));
    });
    ws.once('close', (code) => reject(new Error(`closed before hello: ${code}`)));
    ws.once('error', reject);
  });
}

async function open(cmd: Extract<DWorkerCommand, { cmd: 'open' }>): Promise<void> {
  const started = wallNow();
  const ends = cmd.pairs.flatMap(([a, b]) => [
    { me: a, peer: b },
    { me: b, peer: a },
  ]);
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lane = async () => {
    while (next < ends.length) {
      const end = ends[next++]!;
      try {
        const ws = await openOne(`${cmd.wsBase}/ws/${end.me.token}`);
        const c: Client = { ws, ...end };
        ws.on('message', (raw) => onFrame(c, String(raw)));
        ws.on('error', () => undefined);
        clients.push(c);
      } catch (err) {
        failed += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(cmd.concurrency, ends.length) }, lane));
  reply({ kind: 'opened', opened: clients.length, failed, firstError, ms: wallNow() - started });
}

function sendOne(c: Client): void {
  const clientMsgId = `${prefix}-${++counter}`;
  inFlight.set(clientMsgId, { at: wallNow(), acked: false, received: false });
  stats.sent += 1;
  c.ws.send(
    JSON.stringify({
      id: counter,
      type: 'message.send',
      data: {
        conversationID: `C2C${c.peer.name}`,
        clientMsgId,
        type: 'text',
        payload: { text: clientMsgId },
      },
    }),
  );
}

async function step(cmd: Extract<DWorkerCommand, { cmd: 'step' }>): Promise<void> {
  stats = fresh();
  inFlight.clear();
  let turn = 0;
  await pacedStep({
    ...cmd,
    sent: () => stats.sent,
    sendNext: () => sendOne(clients[turn++ % clients.length]!),
    inFlight: () => inFlight.size,
  });
  reply({ kind: 'stepped', ...stats });
}

process.on('message', (cmd: DWorkerCommand) => {
  if (cmd.cmd === 'open') void open(cmd);
  else if (cmd.cmd === 'step') void step(cmd);
  else if (cmd.cmd === 'exit') {
    for (const c of clients) c.ws.terminate();
    process.exit(0);
  }
});
reply({ kind: 'ready' });
