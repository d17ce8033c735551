import type { ServerFrame } from '@parley/protocol';
import type { Bus, Realtime } from './types.js';

/**
 * The items of `list` once each. Most events name one or two users: such a list, already distinct,
 * is returned as it is (callers hand over a list of their own, not one they change later).
 */
function distinct<T>(list: T[]): T[] {
  if (list.length < 2 || (list.length === 2 && list[0] !== list[1])) return list;
  return [...new Set(list)];
}

/** Numeric event names ('-1', '2', ...) travel as numbers, as the legacy socket types do. */
function wireType(type: string): string | number {
  let wire = wireTypes.get(type);
  if (wire === undefined) {
    wire = /^-?\d+$/.test(type) ? Number(type) : type;
    if (wireTypes.size < 1000) wireTypes.set(type, wire);
  }
  return wire;
}
/** Each event name's wire type, once (the names are the protocol's few event types). */
const wireTypes = new Map<string, string | number>();

/** The facade services' units of work publish through after commit. */
export function createRealtime(bus: Bus): Realtime {
  let audience: ((conversationId: string) => Promise<number[]>) | null = null;
  const membersOf = async (conversation: string): Promise<number[]> => {
    if (!audience) throw new Error(`no audience resolver for conversation ${conversation}`);
    return distinct(await audience(conversation));
  };
  return {
    async emit(to, type, data, opts) {
      if ('topic' in to) {
        await bus.publish({ kind: 'topic', topic: to.topic, frame: { type: wireType(type), data } });
        return;
      }
      // A list of users (every event of a send) needs no resolver: no await before the publish.
      const userIds = Array.isArray(to)
        ? distinct(to as number[])
        : await membersOf((to as { conversation: string }).conversation);
      if (userIds.length === 0) return;
      const frame: ServerFrame = { type: wireType(type), data };
      await bus.publish({ kind: 'users', userIds, frame, ...(opts?.origin ? { origin: opts.origin } : {}) });
    },
    async closeTokens(userId, tokenIds, { closeCode, reason, frame }) {
      if (tokenIds.length === 0) return;
      await bus.publish({
        kind: 'closeTokens',
        userId,
        tokenIds: distinct(tokenIds),
        closeCode,
        reason,
        ...(frame ? { frame } : {}),
      });
    },
    async topicMembers(userIds, change) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return;
      await bus.publish({
        kind: 'topicMembers',
        userIds: ids,
        join: change.join ?? [],
        leave: change.leave ?? [],
      });
    },
    async dropTopic(topic) {
      await bus.publish({ kind: 'topicDrop', topic });
    },
    setConversationAudience(resolve) {
      audience = resolve;
    },
  };
}
