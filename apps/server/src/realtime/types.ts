import type { ServerFrame } from '@parley/protocol';

/**
 * What travels on the bus between nodes. Every node (the publisher too) receives every message
 * and delivers it to the matching sockets it holds, so delivery is the same with one node or many.
 */
export type BusMessage =
  | { kind: 'users'; userIds: number[]; frame: ServerFrame }
  | {
      kind: 'closeTokens';
      tokenIds: string[];
      /** Sent before closing (e.g. type -1 with a text for a forced logout). */
      frame?: ServerFrame;
      closeCode: number;
      reason: string;
    };

export interface Bus {
  readonly name: 'memory' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /** Registers the local delivery handler. */
  subscribe(handler: (message: BusMessage) => void): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The facade services use to reach users in real time, wherever their sockets are.
 * Services call it after their transaction commits (ARCHITECTURE.md convention 4).
 */
export interface Realtime {
  toUsers(userIds: number[], type: ServerFrame['type'], data: unknown): Promise<void>;
  closeTokens(
    tokenIds: string[],
    opts: { closeCode: number; reason: string; frame?: ServerFrame },
  ): Promise<void>;
}

/** Handler of one client frame type; returns the ack data or throws an AppError. */
export type FrameHandler = (
  ctx: { userId: number; tokenId: string; connectionId: string },
  data: unknown,
) => Promise<unknown> | unknown;
