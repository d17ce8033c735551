import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { deliver } from './memory-bus.js';
import { frameJson } from './encoded.js';
import type { Bus, BusMessage } from './types.js';
import { TimedBatch } from './timed-batch.js';
import { RedisHealth } from './redis-health.js';

export interface RedisBusOptions {
  url: string;
  /** Key and channel prefix: user channels are `${prefix}:u:<userId>`, sequences `${prefix}:seq:<userId>`. */
  prefix: string;
  log?: FastifyBaseLogger;
  /** How long startup may take before it fails (TCP connect + handshake + SUBSCRIBE). */
  connectTimeoutMs?: number;
  /** Health-check PING timeout. */
  pingTimeoutMs?: number;
  /** Shown in Redis CLIENT LIST as `parley-pub-<name>` / `parley-sub-<name>` (e.g. the node id). */
  clientName?: string;
}

type Handler = (message: BusMessage) => void;

/** The publisher with PUSH_SCRIPT as a command (sent as EVALSHA, the script text once). */
type PushPipeline = ReturnType<Redis['pipeline']> & {
  parleyPush(seqKey: string, channel: string, json: string, ttlSeconds: number): PushPipeline;
};

/** Redacts the password of a redis:// URL for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://<unparseable url>';
  }
}

function isBusMessage(value: unknown): value is BusMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as {
    kind?: unknown;
    userIds?: unknown;
    userId?: unknown;
    tokenIds?: unknown;
    frame?: unknown;
  };
  if (m.kind === 'users') return Array.isArray(m.userIds) && typeof m.frame === 'object' && m.frame !== null;
  if (m.kind === 'closeTokens') return typeof m.userId === 'number' && Array.isArray(m.tokenIds);
  if (m.kind === 'resync') return true;
  const t = value as { topic?: unknown; join?: unknown; leave?: unknown };
  if (m.kind === 'topic')
    return typeof t.topic === 'string' && typeof m.frame === 'object' && m.frame !== null;
  if (m.kind === 'topicDrop') return typeof t.topic === 'string';
  if (m.kind === 'topicMembers')
    return Array.isArray(m.userIds) && Array.isArray(t.join) && Array.isArray(t.leave);
  return false;
}

/** Push sequences are kept this long after a user's last push (then they restart; clients resync). */
const SEQ_TTL_SECONDS = 30 * 24 * 3600;
/** How long a Redis command waits for others to share its write (see timed-batch.ts). */
const BATCH_WINDOW_MS = 2;
const BATCH_MAX = 500;
/** INCR the user's sequence and PUBLISH `<seq>|<json>` on the user's channel, atomically. */
const PUSH_SCRIPT = `local s = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], s .. '|' .. ARGV[1])
return s`;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis pub/sub bus for several nodes. Two connections: one publishes, one only subscribes. Each
 * user has a channel; a node subscribes to the channels of the users whose sockets it holds, so an
 * event reaches only those nodes. A message carries the user's push sequence, taken in the same
 * Lua script that publishes it, so sequences follow publish order on every node. Session
 * revocations (`closeTokens`, rare) go to one channel every node subscribes to from its start: a
 * node learns of a revocation even while a socket of that token is still being authenticated, so the
 * gateway needs no second token check before `hello` (docs/architecture.md "An event's way").
 */
export class RedisBus implements Bus {
  readonly name = 'redis' as const;
  readonly inline = false;
  /** The sequences' epoch, kept in Redis (`prefix:epoch`) and read with every batch of sequences. */
  private epochValue = 'redis';
  private readonly health: RedisHealth;
  private readonly handlers: Handler[] = [];
  private closed = false;
  private count = 0;
  private readonly userChannelPrefix: string;
  private readonly topicChannelPrefix: string;
  private readonly revocationsChannel: string;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly pingTimeoutMs: number,
  ) {
    this.userChannelPrefix = `${prefix}:u:`;
    this.topicChannelPrefix = `${prefix}:t:`;
    this.revocationsChannel = `${prefix}:revocations`;
    this.health = new RedisHealth(pub, sub, () => this.recover(), log);
    sub.on('message', (ch: string, raw: string) => {
      if (
        ch.startsWith(this.userChannelPrefix) ||
        ch.startsWith(this.topicChannelPrefix) ||
        ch === this.revocationsChannel
      )
        this.receive(raw);
    });
  }

  /** The channel of one user's events. */
  channelOf(userId: number): string {
    return `${this.userChannelPrefix}${userId}`;
  }

  /** The channel of one topic (a group's messages): subscribed while this node holds a member. */
  topicChannelOf(topic: string): string {
    return `${this.topicChannelPrefix}${topic}`;
  }

  get received(): number {
    return this.count;
  }

  /** Publishes that failed since start (docs/operations.md "Health, readiness and metrics"). */
  publishFailures = 0;

  get epoch(): string {
    return this.epochValue;
  }

  get up(): boolean {
    return this.health.up;
  }

  onHealth(listener: (up: boolean) => void): void {
    this.health.onChange(listener);
  }

  private get epochKey(): string {
    return `${this.prefix}:epoch`;
  }

  /**
   * Back after an outage in which publishes failed: a new epoch, so every later `hello` tells its
   * client to sync, and a resync to every node for the sockets that stayed open elsewhere.
   */
  private async recover(): Promise<void> {
    // A publish skipped while this runs marks `missed` again: one more round covers it.
    while (this.health.missed) {
      this.health.missed = false;
      try {
        this.epochValue = randomUUID();
        await this.pub.set(this.epochKey, this.epochValue);
        await this.pub.publish(this.revocationsChannel, `0|${JSON.stringify({ kind: 'resync' })}`);
      } catch (err) {
        this.health.missed = true;
        throw err;
      }
    }
  }
  /** Connects both clients and subscribes; throws a clear error if Redis cannot be reached in time. */
  static async connect(opts: RedisBusOptions): Promise<RedisBus> {
    const connectTimeoutMs = opts.connectTimeoutMs ?? 5000;
    const where = redactRedisUrl(opts.url);
    const make = (role: 'pub' | 'sub'): Redis => {
      let everReady = false;
      let lastError = '';
      const options: RedisOptions = {
        lazyConnect: true,
        connectTimeout: connectTimeoutMs,
        // A command waits for at most two reconnect attempts, then fails instead of hanging.
        maxRetriesPerRequest: 2,
        connectionName: `parley-${role}${opts.clientName ? `-${opts.clientName.replace(/[^\w.-]/g, '_')}` : ''}`,
        // Before the first connection: no retries (startup fails loudly). After: back off up to 2 s.
        retryStrategy: (times) => (everReady ? Math.min(times * 200, 2000) : null),
        // Commands of one event-loop turn go out in one write (a reconnect storm's sequence reads).
        enableAutoPipelining: role === 'pub',
      };
      const client = new Redis(opts.url, options);
      client.on('ready', () => {
        if (everReady && lastError) opts.log?.info({ role }, 'redis bus reconnected');
        everReady = true;
        lastError = '';
      });
      client.on('error', (err: Error) => {
        // ioredis repeats the same error on every retry: log each distinct one once.
        if (err.message === lastError) return;
        lastError = err.message;
        if (everReady) opts.log?.warn({ role, err: err.message }, 'redis bus connection error');
      });
      return client;
    };
    const pub = make('pub');
    pub.defineCommand('parleyPush', { numberOfKeys: 2, lua: PUSH_SCRIPT });
    const sub = make('sub');
    try {
      await withTimeout(
        Promise.all([pub.connect(), sub.connect()]),
        connectTimeoutMs + 1000,
        `timed out after ${connectTimeoutMs} ms`,
      );
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`Redis bus: cannot connect to ${where} (REDIS_URL): ${reason}`, { cause: err });
    }
    const bus = new RedisBus(pub, sub, opts.prefix, opts.log, opts.pingTimeoutMs ?? 2000);
    try {
      await withTimeout(sub.subscribe(bus.revocationsChannel), connectTimeoutMs, 'subscribe timed out');
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`Redis bus: cannot subscribe on ${where} (REDIS_URL): ${String(err)}`, { cause: err });
    }
    await pub.set(bus.epochKey, randomUUID(), 'NX');
    bus.epochValue = (await pub.get(bus.epochKey)) ?? bus.epochValue;
    opts.log?.info({ prefix: opts.prefix }, 'redis bus connected');
    return bus;
  }

  /**
   * Publishes a message. While the bus is down (docs/operations.md "Redis lost") nothing is sent or
   * queued: the event is counted as missed and the call returns at once, so a use case answers as
   * soon as its change is stored instead of waiting for Redis; the recovery's new epoch and resync
   * make every client catch up.
   */
  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (!this.health.up) {
      this.health.missed = true;
      this.publishFailures += 1;
      return;
    }
    try {
      await this.publishNow(message);
    } catch (err) {
      this.health.missed = true;
      this.publishFailures += 1;
      throw err;
    }
  }

  private async publishNow(message: BusMessage): Promise<void> {
    if (message.kind === 'resync') throw new Error('resync is published by the bus itself');
    if (message.kind === 'closeTokens') {
      await this.pub.publish(this.revocationsChannel, `0|${JSON.stringify(message)}`);
      return;
    }
    if (message.kind === 'topic' || message.kind === 'topicDrop') {
      // One publish per topic message whatever the number of members: no per-user sequence.
      await this.pub.publish(this.topicChannelOf(message.topic), `0|${JSON.stringify(message)}`);
      return;
    }
    if (message.kind === 'topicMembers') {
      const pipeline = this.pub.pipeline();
      for (const userId of message.userIds) {
        pipeline.publish(
          this.channelOf(userId),
          `0|${JSON.stringify(Object.assign({}, message, { userIds: [userId] }))}`,
        );
      }
      const results = await pipeline.exec();
      const failed = results?.find(([err]) => err);
      if (failed?.[0]) throw failed[0];
      return;
    }
    const pipeline = this.pub.pipeline() as PushPipeline;
    // The frame is encoded once for every user (its data may be encoded already: realtime/encoded.ts).
    const frame = frameJson(message.frame);
    const origin = message.origin ? `,"origin":${JSON.stringify(message.origin)}` : '';
    for (const userId of message.userIds) {
      const json = `{"kind":"users","userIds":[${userId}],"frame":${frame}${origin}}`;
      pipeline.parleyPush(this.seqKey(userId), this.channelOf(userId), json, SEQ_TTL_SECONDS);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed?.[0]) throw failed[0];
  }

  subscribe(handler: Handler): void {
    this.handlers.push(handler);
  }

  /** Channels asked for within a couple of milliseconds, subscribed together by one SUBSCRIBE. */
  private readonly subscribes = new TimedBatch<string, void>(
    async (channels) => {
      await this.sub.subscribe(...channels);
      return channels.map(() => undefined);
    },
    { windowMs: BATCH_WINDOW_MS, max: BATCH_MAX },
  );
  /** Push sequences asked for together, read by one MGET. */
  private readonly seqReads = new TimedBatch<string, number>(
    async (keys) => {
      const [epoch, ...seqs] = await this.pub.mget(this.epochKey, ...keys);
      if (epoch) this.epochValue = epoch;
      return seqs.map((v) => Number(v ?? 0));
    },
    { windowMs: BATCH_WINDOW_MS, max: BATCH_MAX },
  );

  /**
   * Subscribes to the user's channel. Watches asked for close together (sockets accepted together,
   * as in a reconnect storm) share one SUBSCRIBE with all their channels; each resolves once Redis
   * confirmed them all.
   */
  watch(userId: number): Promise<void> {
    return this.subscribeSoon(this.channelOf(userId));
  }

  watchTopic(topic: string): Promise<void> {
    return this.subscribeSoon(this.topicChannelOf(topic));
  }

  unwatchTopic(topic: string): void {
    if (this.closed) return;
    this.sub.unsubscribe(this.topicChannelOf(topic)).catch((err: unknown) => {
      this.log?.warn({ err, topic }, 'redis bus: unsubscribe failed');
    });
  }

  private subscribeSoon(channel: string): Promise<void> {
    return this.subscribes.add(channel);
  }

  unwatch(userId: number): void {
    if (this.closed) return;
    this.sub.unsubscribe(this.channelOf(userId)).catch((err: unknown) => {
      this.log?.warn({ err, userId }, 'redis bus: unsubscribe failed');
    });
  }

  currentSeq(userId: number): Promise<number> {
    return this.seqReads.add(this.seqKey(userId));
  }

  private seqKey(userId: number): string {
    return `${this.prefix}:seq:${userId}`;
  }

  async ping(): Promise<boolean> {
    if (this.closed || !this.health.up || this.sub.status !== 'ready' || this.pub.status !== 'ready')
      return false;
    try {
      const pong = await withTimeout(this.pub.ping(), this.pingTimeoutMs, 'ping timeout');
      return pong === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.health.stop();
    this.handlers.length = 0;
    await Promise.all(
      [this.sub, this.pub].map(async (client) => {
        try {
          await withTimeout(client.quit(), 2000, 'quit timeout');
        } catch {
          client.disconnect();
        }
      }),
    );
  }

  private receive(raw: string): void {
    this.count += 1;
    const bar = raw.indexOf('|');
    const seq = Number(raw.slice(0, bar));
    let message: unknown;
    try {
      message = bar > 0 && Number.isInteger(seq) ? JSON.parse(raw.slice(bar + 1)) : undefined;
    } catch {
      message = undefined;
    }
    if (!isBusMessage(message)) {
      this.log?.warn({ prefix: this.prefix }, 'redis bus: ignored a message of unknown shape');
      return;
    }
    if (message.kind === 'users' && seq > 0) message.frame.seq = seq;
    deliver(this.handlers, message, this.log);
  }
}
