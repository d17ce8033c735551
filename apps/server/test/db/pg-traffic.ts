import { FRAME_REFILL_PER_SECOND } from '../../src/realtime/frames.js';
import type { Message } from '@parley/protocol';
import { expect, vi } from 'vitest';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { FrameSocket, type SendAnswer } from '../messaging/durability-clients.js';
import { befriend, c2c, fullHistory, post, userOn } from '../messaging/helpers.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * The clients and the node of the PostgreSQL-lost suites (pg-cut.test.ts, pg-stall.test.ts): a node
 * whose pool reaches PostgreSQL through a proxy the test owns, and senders that keep sending texts
 * over REST or as `message.send` frames while the proxy cuts or stalls the database.
 */

/** The pool's bounds in these suites: short, so a lost database answers soon. */
export const TEST_DB_TIMEOUTS = { connectMs: 400, queryMs: 600 };

/** A node on PostgreSQL through a proxy of its own. */
export async function nodeThroughProxy(): Promise<{ t: TestServer; proxy: TcpProxy }> {
  const url = process.env.DATABASE_URL!;
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const t = await startTestServer({ databaseUrl: proxy.urlFor(url), databaseTimeouts: TEST_DB_TIMEOUTS });
  return { t, proxy };
}

/** One answer a sender got, in the order they came. */
interface Answer {
  id: string;
  code: number;
  msg: string;
}

/** One client sending texts to one friend, one at a time; each send's clientMsgId is its text. */
export class Sender {
  readonly answers: Answer[] = [];
  readonly acked = new Map<string, Message>();
  private socket: FrameSocket | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    readonly name: string,
    readonly via: 'rest' | 'socket',
    readonly from: TestUser,
    readonly to: TestUser,
  ) {}

  private body(id: string) {
    return { conversationID: c2c(this.to), clientMsgId: id, type: 'text', payload: { text: id } };
  }

  private lastFrameAt = 0;

  /**
   * Sends `id` once; a socket sender uses its socket, opened once (it must stay open throughout).
   * Its frames are paced under the server's per-connection frame rate (FRAME_REFILL_PER_SECOND): a
   * client sending faster than that is a flood, refused and then closed, whatever the database does.
   */
  async send(t: TestServer, id: string): Promise<SendAnswer> {
    if (this.via === 'rest') return post<Message>(t, this.from, '/message/send', this.body(id));
    this.socket ??= await FrameSocket.open(t.baseUrl, this.from);
    const gap = 1000 / (FRAME_REFILL_PER_SECOND * 0.8) - (Date.now() - this.lastFrameAt);
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    this.lastFrameAt = Date.now();
    return this.socket.send('message.send', this.body(id));
  }

  start(t: TestServer): void {
    this.running = (async () => {
      for (let n = 0; !this.stopped; n++) {
        const id = `${this.name}-${n}`;
        const a = await this.send(t, id);
        this.answers.push({ id, code: a.code, msg: a.msg });
        if (a.code === 200) this.acked.set(id, a.data);
      }
    })();
  }

  /** Stops after the send in progress; rejects if a socket send lost its socket. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** The sends that got an answer other than 200. */
  failed(): Answer[] {
    return this.answers.filter((a) => a.code !== 200);
  }

  close(): void {
    this.socket?.close();
  }
}

/** Two pairs of friends writing to each other: on each side one over REST, one on a socket. */
export async function startTraffic(t: TestServer): Promise<Sender[]> {
  const [a, b, c, d] = await Promise.all(['ra', 'sb', 'rc', 'sd'].map((n) => userOn(t, n)));
  await befriend(t, a!, b!);
  await befriend(t, c!, d!);
  const senders = [
    new Sender('ra', 'rest', a!, b!),
    new Sender('sb', 'socket', b!, a!),
    new Sender('rc', 'rest', c!, d!),
    new Sender('sd', 'socket', d!, c!),
  ];
  for (const s of senders) s.start(t);
  return senders;
}

/** Waits until every sender has `n` more answers matching `pick` than it had at `from`. */
export async function eachAnswers(
  senders: Sender[],
  n: number,
  pick: (a: Answer) => boolean,
  from = senders.map(() => 0),
): Promise<void> {
  await vi.waitFor(
    () => {
      for (const [i, s] of senders.entries()) {
        expect(s.answers.slice(from[i]).filter(pick).length, s.name).toBeGreaterThanOrEqual(n);
      }
    },
    { timeout: 20_000, interval: 20 },
  );
}

export const marks = (senders: Sender[]) => senders.map((s) => s.answers.length);

/** GET a probe outside the envelope. */
export async function probe(t: TestServer, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${t.baseUrl}${path}`);
  return { status: res.status, body: await res.json() };
}

/** Waits until the node is ready again (readyz 200), as a load balancer would see it. */
export async function waitReady(t: TestServer): Promise<void> {
  await vi.waitFor(async () => expect((await probe(t, '/readyz')).status).toBe(200), {
    timeout: 20_000,
    interval: 50,
  });
}

/**
 * After recovery: every send that got no 200 is sent again with its clientMsgId and answers 200;
 * then each conversation's history holds every send exactly once, an acknowledged one as the
 * message its ack carried.
 */
export async function expectEachStoredOnce(t: TestServer, senders: Sender[]): Promise<void> {
  for (const s of senders) {
    for (const f of s.failed()) {
      const again = await s.send(t, f.id);
      expect({ id: f.id, code: again.code }).toEqual({ id: f.id, code: 200 });
      s.acked.set(f.id, again.data);
    }
  }
  const seen = new Map<string, number>();
  const stored = new Map<string, Message>();
  for (const s of senders.filter((x) => x.via === 'rest')) {
    for (const m of await fullHistory(t, s.from, s.to)) {
      // The text is the send's clientMsgId (history shows the clientMsgId to nobody).
      const id = (m.payload as { text?: unknown }).text;
      // The friendship's own notices are no send of theirs.
      if (typeof id !== 'string' || !/^(ra|sb|rc|sd)-\d+$/.test(id)) continue;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      stored.set(id, m);
    }
  }
  expect([...seen].filter(([, count]) => count !== 1)).toEqual([]);
  for (const s of senders) {
    const sent = new Set(s.answers.map((a) => a.id));
    expect(s.acked.size).toBe(sent.size);
    for (const [id, m] of s.acked) expect({ id, stored: stored.get(id)?.ID }).toEqual({ id, stored: m.ID });
  }
}

/** The readiness answer while the database is missing. */
export async function expectNotReady(t: TestServer): Promise<void> {
  const ready = await probe(t, '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({
    ready: false,
    missing: ['db'],
    checks: { db: { kind: 'postgres', ok: false } },
  });
  const health = await api(t, 'GET', '/health');
  expect(health).toMatchObject({ status: 503, code: 503, msg: 'degraded', data: { db: { ok: false } } });
}
