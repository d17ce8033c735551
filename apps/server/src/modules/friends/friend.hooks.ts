import type { FriendCustomType } from '@parley/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { DomainHooks } from '../../lib/domain-hooks.js';

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

/** What the friends module asks the groups module (set when groups are wired; none before). */
export interface GroupRelations {
  /** Active groups both users are in (the profile's commonGroupCount). */
  commonCount(a: number, b: number): Promise<number>;
  /** Throws 22011 when member protection forbids `a` to befriend `b`. */
  assertMayBefriend(a: number, b: number): Promise<void>;
}

/** The friends module's hooks (lib/domain-hooks.ts), and what it asks the groups module. */
export class FriendHooks extends DomainHooks<FriendHookMap> {
  groups: GroupRelations = { commonCount: async () => 0, assertMayBefriend: async () => {} };

  constructor(log: FastifyBaseLogger) {
    super(log, 'friend');
  }
}
