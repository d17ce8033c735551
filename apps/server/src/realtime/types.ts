import type { ServerEventMap, ServerEventType, ServerFrame } from '@parley/protocol';
import type { MaybeEncoded } from './encoded.js';

/**
 * What travels on the bus between nodes. Messages are addressed to one user each and routed to the
 * nodes that hold that user's sockets (docs/architecture.md "An event's way"): a node never receives,
 * let alone parses, events for users it does not serve.
 */
export type BusMessage =
  | {
      kind: 'users';
      userIds: number[];
      frame: ServerFrame;
      /** The frame that caused it: that socket's ack stands for this copy (see `Origin`). */
      origin?: Origin;
    }
  | {
      kind: 'closeTokens';
      /**
       * Whose tokens. Unlike the other kinds, a revocation reaches every node (it is rare), so a node
       * also closes a socket whose token check was in flight when the session ended.
       */
      userId: number;
      tokenIds: string[];
      /** Sent before closing (e.g. type -1 with a text for a forced logout). */
      frame?: ServerFrame;
      closeCode: number;
      reason: string;
    }
  /** One frame for every local socket of the topic's members (realtime/topics.ts); no push sequence. */
  | { kind: 'topic'; topic: string; frame: ServerFrame }
  /** Routed to the nodes holding these users: their sockets join / leave topics. */
  | { kind: 'topicMembers'; userIds: number[]; join: string[]; leave: string[] }
  /** Routed to the nodes subscribed to the topic: every local member leaves it (a dissolved group). */
  | { kind: 'topicDrop'; topic: string }
  /**
   * To every node: each tells all its sockets to sync (`sync.required`). Published by a node whose
   * publishes failed while Redis was lost, once it is back: those events reached nobody.
   */
  | { kind: 'resync' };

export interface Bus {
  readonly name: 'memory' | 'redis';
  /**
   * `publish` hands a message for this node's users to its subscribers before it returns (the
   * in-process bus); otherwise the message comes back later, over the network (Redis).
   */
  readonly inline: boolean;
  /** Changes when push sequences restart (see `currentSeq`). */
  readonly epoch: string;
  /** Bus messages this node received (the routing test counts them). */
  readonly received: number;
  /** Publishes that failed since start (the metrics read it). */
  readonly publishFailures: number;
  /**
   * Publishes to the nodes that watch the addressed users. Each user's copy of a `users` message gets
   * that user's next push sequence in `frame.seq`.
   */
  publish(message: BusMessage): Promise<void>;
  /** Registers the local delivery handler. */
  subscribe(handler: (message: BusMessage) => void): void;
  /** Start receiving messages for this user (the gateway calls it for a user's first socket). */
  watch(userId: number): Promise<void>;
  /** Stop receiving messages for this user (after the user's last socket closed). */
  unwatch(userId: number): void;
  /** Start / stop receiving a topic's messages (while this node holds one of its members). */
  watchTopic(topic: string): Promise<void>;
  unwatchTopic(topic: string): void;
  /** The user's latest push sequence (0 before any push). */
  currentSeq(userId: number): Promise<number>;
  ping(): Promise<boolean>;
  /** Whether the bus can deliver now (Redis: connected and subscribed). */
  readonly up: boolean;
  /** Hears the bus go down (false) and come back (true). The in-process bus never changes. */
  onHealth(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

/**
 * A client frame being answered: the connection and the gateway's ticket for it (realtime/frames.ts).
 * An event published with an origin does not go to that socket while its ack is pending: the ack
 * carries the event's push sequence instead (docs/api.md "Push sequence"). A `message.send` tab
 * gets its stored message once, in the ack, not a second time as `message.new`.
 */
export interface Origin {
  connectionId: string;
  ticket: number;
}

/** How an event is published besides its audience. */
export interface EmitOptions {
  origin?: Origin;
}

/** Who an event goes to: users, or everyone in a conversation (resolved by its module). */
export type Audience = readonly number[] | { conversation: string } | { topic: string };

/**
 * The facade services use to reach users in real time, wherever their sockets are. Services do not
 * call it directly inside a use case: they queue events on their unit of work, which publishes them
 * after the commit (db/unit-of-work.ts).
 */
export interface Realtime {
  /** `data` may come encoded already (realtime/encoded.ts): it is then sent as that text. */
  emit<T extends ServerEventType>(
    to: Audience,
    type: T,
    data: MaybeEncoded<ServerEventMap[T]>,
    opts?: EmitOptions,
  ): Promise<void>;
  /** Closes these tokens' sockets (logout, forced logout), sending `frame` first. */
  closeTokens(
    userId: number,
    tokenIds: string[],
    opts: { closeCode: number; reason: string; frame?: ServerFrame },
  ): Promise<void>;
  /** Users' sockets join and leave topics on every node that holds them (after a commit). */
  topicMembers(userIds: number[], change: { join?: string[]; leave?: string[] }): Promise<void>;
  /** Every member leaves the topic (e.g. the group was dissolved). */
  dropTopic(topic: string): Promise<void>;
  /** Installs how a conversation's audience is found (the messaging module owns conversations). */
  setConversationAudience(resolve: (conversationId: string) => Promise<number[]>): void;
}

/** Handler of one client frame type; returns the ack data or throws an AppError. */
export type FrameHandler<D = unknown, A = unknown> = (
  ctx: { userId: number; tokenId: string; connectionId: string; origin: Origin },
  data: D,
) => Promise<A> | A;
