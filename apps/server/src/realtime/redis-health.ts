import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether the Redis bus can serve this node: both of its connections ready, the subscriber's channels
 * restored (ioredis subscribes them again on reconnect, before the PING this waits for) and the
 * recovery step done (`recover`: a new epoch and a resync to every node when publishes failed while
 * down). Listeners hear each change: the gateway closes its sockets when the bus goes down and
 * accepts sockets again when it is back (docs/operations.md "Redis or PostgreSQL lost").
 */
export class RedisHealth {
  private upNow = true;
  private stopped = false;
  private checking: Promise<void> | null = null;
  private readonly listeners: Array<(up: boolean) => void> = [];
  /** A publish failed since the bus was last up: some clients missed an event. */
  missed = false;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly recover: () => Promise<void>,
    private readonly log?: FastifyBaseLogger,
  ) {
    for (const client of [pub, sub]) {
      client.on('close', () => this.lost());
      client.on('ready', () => void this.check());
    }
  }

  get up(): boolean {
    return this.upNow && !this.stopped;
  }

  onChange(listener: (up: boolean) => void): void {
    this.listeners.push(listener);
  }

  /** The bus closes: its connections' ends are no outage. */
  stop(): void {
    this.stopped = true;
  }

  private emit(up: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(up);
      } catch (err) {
        this.log?.error({ err }, 'redis bus: health listener failed');
      }
    }
  }

  private lost(): void {
    if (this.stopped || !this.upNow) return;
    this.upNow = false;
    this.log?.error('redis bus lost: sockets closed with 1012 and new ones refused until it is back');
    this.emit(false);
  }

  private ready(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  private check(): Promise<void> {
    this.checking ??= this.recoverOnce().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async recoverOnce(): Promise<void> {
    if (this.stopped || this.upNow || !this.ready()) return;
    try {
      await this.sub.ping();
      await this.recover();
    } catch (err) {
      // The next 'ready' tries again.
      this.log?.warn({ err }, 'redis bus: recovery failed');
      return;
    }
    if (this.stopped || this.upNow || !this.ready()) return;
    this.upNow = true;
    this.log?.info('redis bus back: sockets accepted again');
    this.emit(true);
  }
}
