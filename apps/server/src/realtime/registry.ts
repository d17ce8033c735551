import type { Language } from '@parley/protocol';
import type { WebSocket } from 'ws';
import type { AnswerTickets } from './ack-origin.js';

/** One open, authenticated socket. */
export interface Connection {
  readonly id: string;
  readonly userId: number;
  readonly tokenId: string;
  readonly socket: WebSocket;
  /** Set on pong; cleared when a ping is sent. */
  alive: boolean;
  /** Token bucket of client frames. */
  frameTokens: number;
  frameRefilledAt: number;
  /** Frames dropped in a row by the rate limit. */
  dropped: number;
  /** Frames being handled (their ack not sent yet). */
  inFlight: number;
  /** Flooded beyond the limit: every further frame is refused; closed once `inFlight` is 0. */
  abusive: boolean;
  /**
   * The tickets of the client frames being answered (realtime/frames.ts), with the push sequence of
   * the event held back for each ack (realtime/types.ts `Origin`).
   */
  readonly answering: AnswerTickets;
  /**
   * The language of this socket's texts: the one its upgrade asked for; null until known, then the
   * user's saved language (or zh-CN), looked up once at the first refusal.
   */
  language: Language | null;
}

/** The open connections of this node, by user (several tabs and devices) and by token. */
export class ConnectionRegistry<C extends Pick<Connection, 'id' | 'userId' | 'tokenId'> = Connection> {
  private readonly byId = new Map<string, C>();
  private readonly byUser = new Map<number, Set<C>>();
  private readonly byToken = new Map<string, Set<C>>();

  /** `online` runs when a user's first connection here is added, `offline` after the last one left. */
  constructor(
    private readonly presence: { online?(userId: number): void; offline?(userId: number): void } = {},
  ) {}

  add(conn: C): void {
    if (this.byId.has(conn.id)) return;
    this.byId.set(conn.id, conn);
    const first = !this.byUser.has(conn.userId);
    addTo(this.byUser, conn.userId, conn);
    addTo(this.byToken, conn.tokenId, conn);
    if (first) this.presence.online?.(conn.userId);
  }

  /** Removes a connection; removing one twice is harmless. Returns whether it was registered. */
  remove(conn: C): boolean {
    if (this.byId.get(conn.id) !== conn) return false;
    this.byId.delete(conn.id);
    removeFrom(this.byUser, conn.userId, conn);
    removeFrom(this.byToken, conn.tokenId, conn);
    if (!this.byUser.has(conn.userId)) this.presence.offline?.(conn.userId);
    return true;
  }

  get(id: string): C | undefined {
    return this.byId.get(id);
  }

  /** Connections of these users (each connection once). */
  ofUsers(userIds: Iterable<number>): C[] {
    return collect(this.byUser, userIds);
  }

  /** Connections opened with these tokens (each connection once). */
  ofTokens(tokenIds: Iterable<string>): C[] {
    return collect(this.byToken, tokenIds);
  }

  all(): IterableIterator<C> {
    return this.byId.values();
  }

  countForUser(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get size(): number {
    return this.byId.size;
  }

  get userCount(): number {
    return this.byUser.size;
  }

  get tokenCount(): number {
    return this.byToken.size;
  }
}

function addTo<K, C>(index: Map<K, Set<C>>, key: K, conn: C): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(conn);
}

function removeFrom<K, C>(index: Map<K, Set<C>>, key: K, conn: C): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) index.delete(key);
}

function collect<K, C>(index: Map<K, Set<C>>, keys: Iterable<K>): C[] {
  const out: C[] = [];
  const seen = new Set<K>();
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const set = index.get(key);
    if (set) for (const conn of set) out.push(conn);
  }
  return out;
}
