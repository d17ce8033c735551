import type { FriendCustomType } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';

/**
 * In-process domain hooks of the friends module. They run inside the use case's transaction
 * (`uow`), so a module that reacts (messaging deleting the deleter's conversation, say) commits or
 * rolls back with the change; what it announces it queues on the same `uow`.
 */
export interface FriendHookMap {
  'friendship.deleted': { deleterId: number; friendId: number; at: number };
  'friendship.created': { userIds: [number, number]; at: number };
  'blacklist.changed': { ownerId: number; targetId: number; blocked: boolean; at: number };
  /** A friend notice was announced; the messaging module stores it in the one-to-one conversation. */
  'notice.sent': { fromId: number; toId: number; type: FriendCustomType; at: number; noticeId: string };
}

type Handler<K extends keyof FriendHookMap> = (
  payload: FriendHookMap[K],
  uow: UnitOfWork,
) => Promise<void> | void;

/** What the friends module asks the groups module (set when groups are wired; none before). */
export interface GroupRelations {
  /** Active groups both users are in (the profile's commonGroupCount). */
  commonCount(a: number, b: number): Promise<number>;
  /** Throws 22011 when member protection forbids `a` to befriend `b`. */
  assertMayBefriend(a: number, b: number): Promise<void>;
}

export class FriendHooks {
  private readonly handlers: { [K in keyof FriendHookMap]?: Array<Handler<K>> } = {};
  groups: GroupRelations = { commonCount: async () => 0, assertMayBefriend: async () => {} };

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends keyof FriendHookMap>(name: K, handler: Handler<K>): void {
    const list = (this.handlers[name] ??= []) as Array<Handler<K>>;
    list.push(handler);
  }

  /** Runs every handler in the use case's transaction; a failing handler fails (rolls back) the use case. */
  async emit<K extends keyof FriendHookMap>(
    name: K,
    payload: FriendHookMap[K],
    uow: UnitOfWork,
  ): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Array<Handler<K>>) {
      try {
        await handler(payload, uow);
      } catch (err) {
        this.log.error({ err, hook: name }, 'friend hook failed');
        throw err;
      }
    }
  }
}
