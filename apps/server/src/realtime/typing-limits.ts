import type { AppContext } from '../lib/context.js';
import type { Limiter } from '../lib/rate-limiter.js';

/**
 * How many `typing` signals are relayed (docs/api.md "Abuse limits"): per sender, every socket of
 * theirs together (TYPING_PER_MINUTE), and per receiver, from everyone together
 * (TYPING_RECEIVED_PER_MINUTE). Typing is best-effort: a signal over either limit is dropped without
 * telling the sender, and counted in `dropped`.
 */
export class TypingLimits {
  private readonly sent: Limiter;
  private readonly received: Limiter;
  /** Signals dropped on this node since it started. */
  dropped = 0;

  constructor(ctx: Pick<AppContext, 'limiters' | 'config'>) {
    this.sent = ctx.limiters('typing-out', ctx.config.limits.typingPerMinute, 60_000);
    this.received = ctx.limiters('typing-in', ctx.config.limits.typingReceivedPerMinute, 60_000);
  }

  /** Counts a signal of the sender's; false (and counted as dropped) when over their limit. */
  async maySend(senderId: number): Promise<boolean> {
    if (await this.sent.hit(String(senderId))) return true;
    this.dropped += 1;
    return false;
  }

  /** Counts a signal to the receiver; false (and counted as dropped) when over their limit. */
  async mayReach(receiverId: number): Promise<boolean> {
    if (await this.received.hit(String(receiverId))) return true;
    this.dropped += 1;
    return false;
  }
}
