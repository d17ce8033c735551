import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusMessage } from './types.js';

type Handler = (message: BusMessage) => void;

/**
 * In-process bus (the single-node default). A message for a watched user reaches every local
 * subscriber before `publish` resolves; messages for users with no socket here are dropped unread.
 * Push sequences live in memory: a restart starts a new epoch, which tells clients to resync.
 */
export class MemoryBus implements Bus {
  readonly name = 'memory' as const;
  readonly inline = true;
  readonly epoch = randomUUID();
  private readonly handlers: Handler[] = [];
  private readonly watched = new Set<number>();
  private readonly topics = new Set<string>();
  private readonly seqs = new Map<number, number>();
  private closed = false;
  private count = 0;

  constructor(private readonly log?: FastifyBaseLogger) {}

  get received(): number {
    return this.count;
  }

  readonly up = true;
  /** In-process delivery does not fail (a publish after close is a caller's bug). */
  readonly publishFailures = 0;

  onHealth(): void {}

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (message.kind === 'closeTokens' || message.kind === 'resync') {
      // Every revocation reaches the gateway, also for a user whose socket is still being
      // authenticated (it is then closed as it registers): see redis-bus.ts.
      this.receive(message);
      return;
    }
    if (message.kind === 'topic' || message.kind === 'topicDrop') {
      if (this.topics.has(message.topic)) this.receive(message);
      return;
    }
    if (message.kind === 'topicMembers') {
      const held = message.userIds.filter((id) => this.watched.has(id));
      if (held.length) this.receive(Object.assign({}, message, { userIds: held }));
      return;
    }
    for (const userId of message.userIds) {
      const seq = (this.seqs.get(userId) ?? 0) + 1;
      this.seqs.set(userId, seq);
      if (!this.watched.has(userId)) continue;
      // Each user's copy written out: on Node 20 a spread followed by a property its source lacks
      // (`{ ...frame, seq }`) makes a new hidden class on every call (docs/decisions/011-young-objects-on-the-send-path.md).
      const { type, data } = message.frame;
      const frame = { type, data, seq };
      this.receive(
        message.origin
          ? { kind: 'users', userIds: [userId], frame, origin: message.origin }
          : { kind: 'users', userIds: [userId], frame },
      );
    }
  }

  subscribe(handler: Handler): void {
    this.handlers.push(handler);
  }

  async watch(userId: number): Promise<void> {
    this.watched.add(userId);
  }

  unwatch(userId: number): void {
    this.watched.delete(userId);
  }

  async watchTopic(topic: string): Promise<void> {
    this.topics.add(topic);
  }

  unwatchTopic(topic: string): void {
    this.topics.delete(topic);
  }

  async currentSeq(userId: number): Promise<number> {
    return this.seqs.get(userId) ?? 0;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.length = 0;
    this.watched.clear();
    this.topics.clear();
  }

  private receive(message: BusMessage): void {
    this.count += 1;
    deliver(this.handlers, message, this.log);
  }
}

/** Calls every handler; one handler's error is logged and never reaches the publisher or the others. */
export function deliver(handlers: readonly Handler[], message: BusMessage, log?: FastifyBaseLogger): void {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (err) {
      log?.error({ err, kind: message.kind }, 'bus subscriber failed');
    }
  }
}
