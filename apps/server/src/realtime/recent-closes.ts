import type { BusMessage } from './types.js';

export type CloseTokensMessage = Extract<BusMessage, { kind: 'closeTokens' }>;

/** How long a closeTokens order is remembered for sockets whose token check was already running. */
const RECENT_CLOSE_TTL_MS = 60_000;

/**
 * The closeTokens orders (logouts, revoked sessions) of the last minute, by token: a socket whose
 * token check was running when one landed is closed with it as it registers (gateway.ts `register`).
 */
export class RecentCloses {
  private readonly byToken = new Map<string, { message: CloseTokensMessage; at: number }>();

  remember(message: CloseTokensMessage, at = Date.now()): void {
    for (const tokenId of message.tokenIds) {
      this.byToken.delete(tokenId);
      this.byToken.set(tokenId, { message, at });
    }
    this.prune(at);
  }

  /** The order that closed `tokenId` at or after `since`, if any. */
  since(tokenId: string, since: number): CloseTokensMessage | undefined {
    const entry = this.byToken.get(tokenId);
    return entry && entry.at >= since ? entry.message : undefined;
  }

  prune(now = Date.now()): void {
    // Insertion order is age order: stop at the first entry still fresh.
    for (const [tokenId, entry] of this.byToken) {
      if (now - entry.at < RECENT_CLOSE_TTL_MS) break;
      this.byToken.delete(tokenId);
    }
  }

  clear(): void {
    this.byToken.clear();
  }
}
