import type { DomainHandlers } from '../../lib/route.js';
import type { ReactionsService } from './reactions.service.js';

/** Handlers of the `reactions` routes of the contract (packages/protocol/src/contract/reactions.ts). */
export function reactionHandlers(reactions: ReactionsService): DomainHandlers<'reactions'> {
  return {
    add: (r) => reactions.add(r.userId, r.body.messageID, r.body.emoji),
    remove: (r) => reactions.remove(r.userId, r.body.messageID, r.body.emoji),
    list: (r) => reactions.list(r.userId, r.body.conversationID, r.body.messageIDs),
  };
}
