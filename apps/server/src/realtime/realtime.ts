import type { ServerFrame } from '@parley/protocol';
import type { Bus, Realtime } from './types.js';

/** The facade services call after commit; it publishes on the bus so every node delivers. */
export function createRealtime(bus: Bus): Realtime {
  return {
    async toUsers(userIds, type, data) {
      if (userIds.length === 0) return;
      const frame: ServerFrame = { type, data };
      await bus.publish({ kind: 'users', userIds: [...new Set(userIds)], frame });
    },
    async closeTokens(tokenIds, { closeCode, reason, frame }) {
      if (tokenIds.length === 0) return;
      await bus.publish({
        kind: 'closeTokens',
        tokenIds: [...new Set(tokenIds)],
        closeCode,
        reason,
        ...(frame ? { frame } : {}),
      });
    },
  };
}
