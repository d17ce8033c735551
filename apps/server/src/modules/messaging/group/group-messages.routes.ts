import type { DomainHandlers } from '../../../lib/route.js';
import type { GroupReceipts } from './group-receipts.js';
import type { GroupRevokes } from './group-revoke.js';

/** The group messages routes (read receipts, revokes by managers): thin handlers over the services. */
export function groupMessageHandlers(
  receipts: GroupReceipts,
  revokes: GroupRevokes,
): DomainHandlers<'groupMessages'> {
  return {
    readReceipts: (r) => receipts.counts(r.userId, r.body.conversationID, r.body.messageIDs),
    readMembers: (r) => receipts.readMembers(r.userId, r.body),
    revokeAll: (r) => revokes.revokeAll(r.userId, r.body),
    withdrawMsg: (r) => revokes.withdrawMsg(r.userId, r.body),
    withdrawByUser: (r) =>
      revokes.revokeAll(r.userId, {
        groupNumber: r.body.groupNumber,
        wtId: r.body.userWtId,
        seq: r.body.lastMessageSequence,
      }),
  };
}
