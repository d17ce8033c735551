import { CustomMsgType, ErrorDetails, type FriendCustomType } from '@parley/protocol';
import type { Relation } from './friends.policy.js';
import { definePolicy } from './policy.js';

/**
 * Friend notices a client asks for (POST /user/sendCustomMessage): add-friend, blacklist and
 * delete-friend notices. Services load the sender and the relation (modules/friends/relation.ts).
 */
export interface NoticeFacts {
  /** The `fromWtId` of the request names the caller. */
  fromSelf: boolean;
  relation: Relation;
  type: FriendCustomType;
}

export const noticesPolicy = definePolicy({
  /**
   * Send a notice: as oneself, to an existing other user, and only the notice that matches the
   * current relation (a friend: added; blacklisted by the sender: blocked; not a friend: deleted), so
   * nobody can forge one.
   */
  'notice.send': (actor, n: NoticeFacts) => {
    if (!n.fromSelf) return { error: 'forbidden', detail: ErrorDetails.senderNotSelf } as const;
    const r = n.relation;
    if (r.targetId === undefined || r.targetId === actor.userId) return 'userNotFound';
    const fits =
      (n.type === CustomMsgType.addFriend && r.friend) ||
      (n.type === CustomMsgType.addBlack && r.iBlock) ||
      (n.type === CustomMsgType.deleteFriend && !r.friend);
    return fits ? true : 'customMessageNotAllowed';
  },
});
