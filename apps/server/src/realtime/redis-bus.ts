import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { deliver } from './memory-bus.js';
import type { Bus, BusMessage } from './types.js';

export interface RedisBusOptions {
  url: string;
  /** Channel prefix; the channel is `${prefix}:bus`. */
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
  const m = value as { kind?: unknown; userIds?: unknown; tokenIds?: unknown; frame?: unknown };
  if (m.kind === 'users') return Array.isArray(m.userIds) && typeof m.frame === 'object' && m.frame !== null;
  if (m.kind === 'closeTokens') return Array.isArray(m.tokenIds);
  return false;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis pub/sub bus for several nodes. Two connections: one publishes, one only subscribes.
 * Every node (the publisher too) gets each message from its subscription and delivers it locally.
 */
export class RedisBus implements Bus {
  readonly name = 'redis' as const;
  readonly channel: string;
  private readonly handlers: Handler[] = [];
  private closed = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    channel: string,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly pingTimeoutMs: number,
  ) {
    this.channel = channel;
    sub.on('message', (ch: string, raw: string) => {
      if (ch === this.channel) this.receive(raw);
    });
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
    const sub = make('sub');
    const channel = `${opts.prefix}:bus`;
    try {
      await withTimeout(
        Promise.all([pub.connect(), sub.connect()]).then(() => sub.subscribe(channel)),
        connectTimeoutMs + 1000,
        `timed out after ${connectTimeoutMs} ms`,
      );
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`Redis bus: cannot connect to ${where} (REDIS_URL): ${reason}`, { cause: err });
    }
    opts.log?.info({ channel }, 'redis bus connected');
    return new RedisBus(pub, sub, channel, opts.log, opts.pingTimeoutMs ?? 2000);
  }

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    await this.pub.publish(this.channel, JSON.stringify(message));
  }

  subscribe(handler: Handler): void {
    this.handlers.push(handler);
  }

  async ping(): Promise<boolean> {
    if (this.closed || this.sub.status !== 'ready' || this.pub.status !== 'ready') return false;
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
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      this.log?.warn({ channel: this.channel }, 'redis bus: ignored a message that is not JSON');
      return;
    }
    if (!isBusMessage(message)) {
      this.log?.warn({ channel: this.channel }, 'redis bus: ignored a message of unknown shape');
      return;
    }
    deliver(this.handlers, message, this.log);
  }
}
