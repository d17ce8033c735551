import { MessageLimits } from '@parley/protocol';
import { definePolicy, type Decision } from './policy.js';

/**
 * Who may do what with conversations and messages. Services load the facts: the peer named by a
 * conversation ID, the reader's member row, the message. Friendship and blacklist rules for sending
 * stay with the friends policy (`message.send`, asked through `mayMessageSteps`).
 */

/** The other side a `C2C<wtId>` conversation ID names, as loaded (undefined: no such user). */
export interface PeerFacts {
  peerId: number | undefined;
}

/** A message and what the reader's side of its conversation says about it. */
export interface MessageFacts {
  message:
    | { senderId: number; seq: number; visibleTo: number | null; createdAt: number; revoked: boolean }
    | undefined;
  /**
   * The reader's member row of the message's conversation (undefined: not a member). `untilSeq`:
   * groups, the last sequence someone who left may see (0 or absent while a member).
   */
  member: { clearedSeq: number; untilSeq?: number } | undefined;
  /** The reader deleted it for themselves. */
  hidden: boolean;
  now: number;
}

/** A message to forward: as for reading it, and whether its type is one users send (protocol `isForwardable`). */
export interface ForwardFacts extends MessageFacts {
  forwardable: boolean;
}

/** The sender's own standing: an operator's send ban (users.send_banned_until, unix ms; 0 none). */
export interface SenderFacts {
  bannedUntil: number;
  now: number;
}

const canSee = (actorId: number, f: MessageFacts): Decision => {
  const m = f.message;
  if (!m || !f.member || f.hidden) return 'notFound';
  if (m.visibleTo !== null && m.visibleTo !== actorId) return 'notFound';
  if (m.seq <= f.member.clearedSeq) return 'notFound';
  if (f.member.untilSeq && m.seq > f.member.untilSeq) return 'notFound';
  return true;
};

export const messagesPolicy = definePolicy({
  /** Open (read, change) one's side of a one-to-one conversation: the peer exists and is not oneself. */
  'conversation.open': (actor, p: PeerFacts) =>
    p.peerId === undefined ? 'userNotFound' : p.peerId === actor.userId ? 'forbidden' : true,
  /** Send a message (one-to-one or group): not while an operator's send ban lasts. */
  'message.send': (_actor, f: SenderFacts) => (f.bannedUntil > f.now ? 'bannedSender' : true),
  /** See a message: a member of its conversation, visible to the reader, not deleted or cleared. */
  'message.view': (actor, f: MessageFacts) => canSee(actor.userId, f),
  /**
   * Forward (send again): a message one sees, neither revoked nor a one-sided notice, of a type users
   * send (not a group tip, call card or friend notice).
   */
  'message.forward': (actor, f: ForwardFacts) => {
    const seen = canSee(actor.userId, f);
    if (seen !== true) return seen;
    const m = f.message!;
    return m.revoked || m.visibleTo !== null || !f.forwardable ? 'messageNotForwardable' : true;
  },
  /** Revoke: one's own message, within the revoke window (an admin rule comes with groups). */
  'message.revoke': (actor, f: MessageFacts) => {
    const seen = canSee(actor.userId, f);
    if (seen !== true) return seen;
    if (f.message!.senderId !== actor.userId) return 'forbidden';
    if (f.message!.revoked) return true;
    return f.now - f.message!.createdAt > MessageLimits.revokeWindowMs ? 'revokeWindowPassed' : true;
  },
});
