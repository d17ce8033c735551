import type { Message } from '@parley/protocol';
import WebSocket from 'ws';
import type { TestUser } from '../helpers.js';
import { post } from './helpers.js';

/**
 * The clients of the durability test (durability.test.ts): senders that keep sending text messages
 * to one conversation, over REST or as `message.send` frames on a socket, until the server dies,
 * and remember which sends were acknowledged, refused or left without an answer.
 */

/** An answer to a send: 200 and the stored message, or a refusal. */
export type SendAnswer = { code: number; msg: string; data: Message };

/** A frame socket: `send` resolves with the frame's ack, rejects if the socket closes before it. */
export class FrameSocket {
  /** Frames sent on this socket (its token bucket allows a burst of 50: see `FRAMES_PER_SOCKET`). */
  sent = 0;
  private nextId = 0;
  private readonly pending = new Map<string, { resolve(a: SendAnswer): void; reject(e: Error): void }>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('error', () => {}); // a killed server resets the connection: 'close' follows
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { type: string; id?: string } & SendAnswer;
      if (f.type !== 'ack' || f.id === undefined) return;
      this.pending.get(f.id)?.resolve({ code: f.code, msg: f.msg, data: f.data });
      this.pending.delete(f.id);
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('socket closed before the ack'));
      this.pending.clear();
    });
  }

  /** A socket of `user` past its `hello` (the server reads frames from then on). */
  static open(baseUrl: string, user: TestUser): Promise<FrameSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/${encodeURIComponent(user.token)}`);
    return new Promise((resolve, reject) => {
      ws.on('message', function hello(raw) {
        if ((JSON.parse(String(raw)) as { type: string }).type !== 'hello') return;
        ws.off('message', hello);
        resolve(new FrameSocket(ws));
      });
      ws.once('error', reject);
      ws.once('close', () => reject(new Error('socket closed before hello')));
    });
  }

  send(type: string, data: unknown): Promise<SendAnswer> {
    const id = String(++this.nextId);
    this.sent += 1;
    return new Promise((resolve, reject) => {
      if (this.ws.readyState !== WebSocket.OPEN) return reject(new Error('socket not open'));
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, type, data }));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * Frames one socket sends before the sender moves to a new one: under the per-connection burst, so
 * no frame is dropped by the rate limit however fast the acks come.
 */
const FRAMES_PER_SOCKET = 45;
/** Frames a socket sender keeps unacknowledged at once (a tab sends without waiting for acks). */
const WINDOW = 4;

export type Via = 'rest' | 'socket';

/** One client sending to one conversation; its sends are named `<name>-<round>-<n>` (text = clientMsgId). */
export class Sender {
  /** Acknowledged sends (clientMsgId → the message the ack carried), all rounds. */
  readonly acked = new Map<string, Message>();
  /** Sends of this round without an answer: the server died first. */
  unanswered = new Set<string>();
  /** Answers other than 200 (none expected): the first one ends the sender's round. */
  readonly refused: string[] = [];
  /** Acknowledged in the current round. */
  ackedThisRound = 0;
  private sockets: FrameSocket[] = [];

  constructor(
    readonly name: string,
    readonly via: Via,
    readonly from: TestUser,
    readonly conversationID: string,
  ) {}

  body(clientMsgId: string) {
    return { conversationID: this.conversationID, clientMsgId, type: 'text', payload: { text: clientMsgId } };
  }

  /**
   * Sends until `stopped()`, the server is gone or a send is refused, calling `progress` after each
   * ack. REST sends one at a time; a socket keeps `WINDOW` frames in flight.
   */
  async run(baseUrl: string, round: number, stopped: () => boolean, progress: () => void): Promise<void> {
    this.unanswered = new Set();
    this.ackedThisRound = 0;
    const inFlight = new Set<Promise<void>>();
    let socket: FrameSocket | undefined;
    let over = false;
    for (let n = 0; !stopped() && !over; n++) {
      const id = `${this.name}-${round}-${n}`;
      let answer: Promise<SendAnswer>;
      if (this.via === 'rest') {
        answer = post<Message>(baseUrl, this.from, '/message/send', this.body(id));
      } else {
        if (!socket || socket.sent >= FRAMES_PER_SOCKET) {
          try {
            socket = await FrameSocket.open(baseUrl, this.from);
          } catch {
            break; // the server is gone
          }
          this.sockets.push(socket);
        }
        answer = socket.send('message.send', this.body(id));
      }
      this.unanswered.add(id);
      const settled = answer.then(
        (a) => {
          this.unanswered.delete(id);
          if (a.code !== 200) {
            this.refused.push(`${id}: ${a.code} ${a.msg}`);
            over = true;
            return;
          }
          this.acked.set(id, a.data);
          this.ackedThisRound += 1;
          progress();
        },
        () => void (over = true), // no answer: the server is gone
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      if (inFlight.size >= (this.via === 'rest' ? 1 : WINDOW)) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    for (const s of this.sockets) s.close();
    this.sockets = [];
  }

  /**
   * Sends `ids` again with the same clientMsgIds, as a client does after reconnecting, one at a
   * time; returns the answers in order.
   */
  async retry(baseUrl: string, ids: string[]): Promise<SendAnswer[]> {
    const answers: SendAnswer[] = [];
    const socket = this.via === 'socket' ? await FrameSocket.open(baseUrl, this.from) : undefined;
    try {
      for (const id of ids) {
        answers.push(
          socket
            ? await socket.send('message.send', this.body(id))
            : await post<Message>(baseUrl, this.from, '/message/send', this.body(id)),
        );
      }
    } finally {
      socket?.close();
    }
    return answers;
  }
}
