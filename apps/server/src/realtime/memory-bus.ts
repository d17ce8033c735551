import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusMessage } from './types.js';

type Handler = (message: BusMessage) => void;

/**
 * In-process bus (the single-node default). A published message reaches every local subscriber
 * before `publish` resolves; a failing subscriber is logged and does not stop the others.
 */
export class MemoryBus implements Bus {
  readonly name = 'memory' as const;
  private readonly handlers: Handler[] = [];
  private closed = false;

  constructor(private readonly log?: FastifyBaseLogger) {}

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    deliver(this.handlers, message, this.log);
  }

  subscribe(handler: Handler): void {
    this.handlers.push(handler);
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.length = 0;
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
