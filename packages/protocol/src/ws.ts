import { z } from 'zod';
import type { Counters } from './rest/counters.js';
import type { FriendEventMap } from './ws-friends.js';

/** Server → client frame. Numeric types keep SPEC §4 meanings; chat and call events are dotted. */
export interface ServerFrame<T = unknown> {
  type: number | string;
  data: T;
}

/** Client → server frame: carries an id and gets an ack. */
export const clientFrame = z.object({
  id: z.union([z.string().min(1).max(64), z.number().int()]),
  type: z.string().min(1).max(64),
  data: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof clientFrame>;

export interface AckFrame<T = unknown> {
  type: 'ack';
  id: string | number | null;
  code: number;
  msg: string;
  data: T;
}

/** Error frame for a frame that could not be read at all (no id to ack). */
export interface ErrorFrame {
  type: 'error';
  code: number;
  msg: string;
}

/** Sent as the first frame of every socket. */
export interface HelloFrame {
  type: 'hello';
  data: { userId: string; connectionId: string; serverTime: number; heartbeatMs: number };
}

/** Close codes the gateway uses (4xxx are Parley's own). */
export const WsClose = {
  normal: 1000,
  goingAway: 1001,
  serviceRestart: 1012,
  invalidToken: 4001,
  sessionEnded: 4002,
  forcedLogout: 4003,
  /** The user opened more sockets than a user may hold; the oldest is closed. Reconnect when used again. */
  displaced: 4004,
} as const;

/** Socket events of the foundation; later domains add theirs to this map. */
export interface ServerEventMap extends FriendEventMap {
  hello: HelloFrame['data'];
  /** Forced logout / kicked: show the text, log out, go to /login (SPEC §4). `code` is the session code. */
  '-1': { text: string; code?: number };
  '-2': { text: string; code?: number };
  /** SPEC §4 type 2: moment notification count. */
  '2': { count: number };
  /** SPEC §4 type 4: group notification counters. */
  '4': { joinApplyUnRead: number; otherUnRead: number; selfApplyUnRead: number };
  'counters.updated': Partial<Counters>;
}
