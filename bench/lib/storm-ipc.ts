/** Messages between the reconnect-storm runner and its client workers. */
import type { BenchClient } from './delivery-ipc.js';

export type StormCommand =
  /** Storm clients: one socket each; `sync` = catch up with `message.sync` after a reconnect. */
  | {
      cmd: 'open';
      wsBase: string;
      clients: BenchClient[];
      sync: boolean;
      concurrency: number;
    }
  /** Senders: `peers[i]` sends to `targets[i]` (names), round robin at `rate` messages/s in total. */
  | { cmd: 'send'; wsBase: string; senders: BenchClient[]; targets: string[][]; rate: number }
  | { cmd: 'stopSending' }
  /** Report when every storm client has reconnected (and synced) after a close. */
  | { cmd: 'expectBack' }
  | { cmd: 'report' }
  | { cmd: 'exit' };

export type StormReply =
  | { kind: 'ready' }
  | { kind: 'opened'; opened: number; failed: number; firstError: string | null; ms: number }
  | { kind: 'sending'; senders: number }
  /** Highest acknowledged sequence per storm client name, once the senders stopped. */
  | {
      kind: 'stopped';
      sent: number;
      acked: number;
      errors: number;
      firstError: string | null;
      lastSeq: Record<string, number>;
    }
  | {
      kind: 'back';
      /** Wall times: first close seen, last hello, last sync done. */
      firstCloseAt: number;
      lastHelloAt: number;
      lastSyncedAt: number;
      attempts: number;
      refused: number;
      /** Reconnects whose hello carried the catch-up (the URL named the client's version). */
      helloSyncs: number;
      syncCalls: number;
      syncErrors: number;
      firstError: string | null;
    }
  /** Sequences each storm client saw (live or by sync), per client name. */
  | { kind: 'report'; seen: Record<string, number[]> };
