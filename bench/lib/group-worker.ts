/**
 * A load process of the groups bench. It holds the sockets of its share of the members and:
 * - per step (`step`), has the members of its groups (all held here) send `message.send` to their
 *   group in turns at a paced rate, timing send → ack and send → `message.new` on every other
 *   member's socket, and checking each delivery: once per member, to a member of that group;
 * - per fan-out (`fanout`, answered `armed`, then `fire` to the worker holding the sender), sends
 *   one message to the big group and times its arrival on each member socket held here.
 * Receive times are wall-clock (ipc.ts wallNow), comparable between processes.
 */
import WebSocket from 'ws';
import type { BenchClient, GWorkerCommand, GWorkerReply, WorkerGroup } from './group-ipc.js';
import { wallNow } from './ipc.js';
import { pacedStep } from './pace.js';

const reply = (m: GWorkerReply) => process.send?.(m);
const prefix = `w${process.pid}`;

interface Client {
  ws: WebSocket;
  name: string;
}
interface Sender {
  client: Client;
  conversationID: string;
  /** Deliveries one message of it makes: the group's other members. */
  others: number;
}
interface InFlight {
  at: number;
  conversationID: string;
  expected: number;
  got: Set<string>;
  acked: boolean;
}
interface Fanout {
  id: string;
  sender: string;
  expected: number;
  got: Set<string>;
  duplicates: number;
  sentAt: number | null;
  ackAt: number | null;
  ackError: string | null;
  firstAt: number | null;
  lastAt: number | null;
  done: () => void;
}

const clients = new Map<string, Client>();
/** conversationID → member names (step groups and the fan-out group). */
const members = new Map<string, Set<string>>();
let senders: Sender[] = [];
let fanoutGroup: WorkerGroup | null = null;
let fanout: Fanout | null = null;
/** Sends the armed fan-out message (this worker holds its sender). */
let fire: (() => void) | null = null;
const inFlight = new Map<string, InFlight>();
/** Messages of this step fully delivered: a later copy is a duplicate. */
const completed = new Set<string>();
let stats = fresh();
let counter = 0;

function fresh() {
  return {
    sent: 0,
    acked: 0,
    expected: 0,
    received: 0,
    errors: 0,
    duplicates: 0,
    misdelivered: 0,
    firstError: null as string | null,
    latencies: [] as number[],
    ackLatencies: [] as number[],
  };
}

function fault(text: string): void {
  stats.errors += 1;
  stats.firstError ??= text;
}

type Frame = {
  type: string;
  code?: number;
  msg?: string;
  data?: { clientMsgId?: string; conversationID?: string; from?: string; payload?: { text?: string } };
};

function onAck(frame: Frame, at: number): void {
  const id = frame.data?.clientMsgId;
  if (fanout && fanout.sentAt !== null && fanout.ackAt === null && (id === fanout.id || frame.code !== 200)) {
    fanout.ackAt = at;
    if (frame.code !== 200) fanout.ackError = `ack ${frame.code}: ${frame.msg}`;
    settleFanout();
    return;
  }
  const f = id ? inFlight.get(id) : undefined;
  if (frame.code === 200 && !f) return; // a late ack of an earlier step
  if (frame.code !== 200 || !f) return fault(`ack ${frame.code}: ${frame.msg}`);
  f.acked = true;
  stats.acked += 1;
  stats.ackLatencies.push(Math.round((at - f.at) * 100) / 100);
  if (f.got.size === f.expected) finish(id!);
}

function onNew(c: Client, frame: Frame, at: number): void {
  // The sender's own socket gets the group's frame too (its other tabs): not a delivery.
  if (frame.data?.from === c.name) return;
  const id = frame.data?.payload?.text;
  if (!id) return;
  if (fanout && id === fanout.id) {
    if (fanout.got.has(c.name)) fanout.duplicates += 1;
    fanout.got.add(c.name);
    fanout.firstAt ??= at;
    fanout.lastAt = at;
    settleFanout();
    return;
  }
  const f = inFlight.get(id);
  if (!f) {
    if (completed.has(id)) {
      stats.duplicates += 1;
      fault(`duplicate delivery of ${id} to ${c.name}`);
    }
    return; // else a late delivery of an earlier step
  }
  if (frame.data?.conversationID !== f.conversationID || !members.get(f.conversationID)?.has(c.name)) {
    stats.misdelivered += 1;
    return fault(`${id} of ${f.conversationID} delivered to ${c.name} as ${frame.data?.conversationID}`);
  }
  if (f.got.has(c.name)) {
    stats.duplicates += 1;
    return fault(`duplicate delivery of ${id} to ${c.name}`);
  }
  f.got.add(c.name);
  stats.received += 1;
  stats.latencies.push(Math.round((at - f.at) * 100) / 100);
  if (f.acked && f.got.size === f.expected) finish(id);
}

function finish(id: string): void {
  inFlight.delete(id);
  completed.add(id);
}

function onFrame(c: Client, text: string): void {
  const at = wallNow();
  const frame = JSON.parse(text) as Frame;
  if (frame.type === 'ack') onAck(frame, at);
  else if (frame.type === 'message.new') onNew(c, frame, at);
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

async function open(cmd: Extract<GWorkerCommand, { cmd: 'open' }>): Promise<void> {
  const started = wallNow();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const lane = async () => {
    while (next < cmd.clients.length) {
      const me: BenchClient = cmd.clients[next++]!;
      try {
        const ws = await openOne(`${cmd.wsBase}/ws/${me.token}`);
        const c: Client = { ws, name: me.name };
        ws.on('message', (raw) => onFrame(c, String(raw)));
        ws.on('error', () => undefined);
        clients.set(me.name, c);
      } catch (err) {
        failed += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(cmd.concurrency, cmd.clients.length) }, lane));
  for (const g of [...cmd.stepGroups, ...(cmd.fanoutGroup ? [cmd.fanoutGroup] : [])])
    members.set(g.conversationID, new Set(g.members));
  fanoutGroup = cmd.fanoutGroup;
  // Turns: the first member of every group, then the second of every group, ... so that
  // consecutive sends go to different groups and every member sends in its turn.
  senders = [];
  const longest = Math.max(0, ...cmd.stepGroups.map((g) => g.members.length));
  for (let m = 0; m < longest; m++)
    for (const g of cmd.stepGroups) {
      const client = g.members[m] !== undefined ? clients.get(g.members[m]!) : undefined;
      if (client) senders.push({ client, conversationID: g.conversationID, others: g.members.length - 1 });
    }
  reply({ kind: 'opened', opened: clients.size, failed, firstError, ms: wallNow() - started });
}

function send(c: Client, conversationID: string, text: string): void {
  c.ws.send(
    JSON.stringify({
      id: ++counter,
      type: 'message.send',
      data: { conversationID, clientMsgId: text, type: 'text', payload: { text } },
    }),
  );
}

function sendOne(s: Sender): void {
  const id = `${prefix}-${++counter}`;
  inFlight.set(id, {
    at: wallNow(),
    conversationID: s.conversationID,
    expected: s.others,
    got: new Set(),
    acked: false,
  });
  stats.sent += 1;
  stats.expected += s.others;
  send(s.client, s.conversationID, id);
}

async function step(cmd: Extract<GWorkerCommand, { cmd: 'step' }>): Promise<void> {
  stats = fresh();
  inFlight.clear();
  completed.clear();
  let turn = 0;
  await pacedStep({
    ...cmd,
    sent: () => stats.sent,
    sendNext: () => sendOne(senders[turn++ % senders.length]!),
    inFlight: () => inFlight.size,
  });
  // A short wait past the last delivery, so that a duplicate of it still shows.
  await new Promise((r) => setTimeout(r, 100));
  reply({ kind: 'stepped', ...stats });
}

function settleFanout(): void {
  const f = fanout;
  if (f && !fire && f.got.size >= f.expected && (f.sentAt === null || f.ackAt !== null)) f.done();
}

async function fanoutOne(cmd: Extract<GWorkerCommand, { cmd: 'fanout' }>): Promise<void> {
  const group = fanoutGroup;
  if (!group) throw new Error('no fan-out group');
  const sender = clients.get(cmd.sender);
  let timer: NodeJS.Timeout | undefined;
  const f: Fanout = {
    id: cmd.id,
    sender: cmd.sender,
    expected: group.members.filter((n) => n !== cmd.sender && clients.has(n)).length,
    got: new Set(),
    duplicates: 0,
    sentAt: null,
    ackAt: null,
    ackError: null,
    firstAt: null,
    lastAt: null,
    done: () => undefined,
  };
  const finished = new Promise<void>((resolve) => {
    f.done = resolve;
    timer = setTimeout(resolve, cmd.timeoutMs);
  });
  fanout = f;
  fire = sender
    ? () => {
        f.sentAt = wallNow();
        send(sender, group.conversationID, cmd.id);
      }
    : null;
  reply({ kind: 'armed', id: cmd.id });
  settleFanout();
  await finished;
  clearTimeout(timer);
  // A short wait past the last delivery, so that a duplicate still shows.
  await new Promise((r) => setTimeout(r, 50));
  fanout = null;
  reply({
    kind: 'fanned',
    id: f.id,
    sentAt: f.sentAt,
    ackAt: f.ackAt,
    ackError: f.ackError,
    expected: f.expected,
    received: f.got.size,
    duplicates: f.duplicates,
    firstAt: f.firstAt,
    lastAt: f.lastAt,
  });
}

process.on('message', (cmd: GWorkerCommand) => {
  if (cmd.cmd === 'open') void open(cmd);
  else if (cmd.cmd === 'step') void step(cmd);
  else if (cmd.cmd === 'fanout') void fanoutOne(cmd);
  else if (cmd.cmd === 'fire') {
    fire?.();
    fire = null;
  } else if (cmd.cmd === 'exit') {
    for (const c of clients.values()) c.ws.terminate();
    process.exit(0);
  }
});
reply({ kind: 'ready' });
