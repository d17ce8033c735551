import { MessageLimits, type MessageCan } from '@parley/protocol';
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
    | {
        senderId: number;
        seq: number;
        visibleTo: number | null;
        createdAt: number;
        revoked: boolean;
        /** As stored; revoke refuses tips (the view rule does not ask). */
        type?: string;
      }
    | undefined;
  /**
   * The reader's member row of the message's conversation (undefined: not a member). `untilSeq`:
   * groups, the last sequence someone who left may see (null or absent while a member).
   */
  member: { clearedSeq: number; untilSeq?: number | null } | undefined;
  /** The reader deleted it for themselves. */
  hidden: boolean;
  now: number;
}

/** A message to forward: as for reading it, and whether its type is one users send (protocol `isForwardable`). */
export interface ForwardFacts extends MessageFacts {
  forwardable: boolean;
}

/** What a chat kind means for its messages: one-to-one, the helper's chat, or a group. */
export type ChatKind = 'c2c' | 'helper' | 'group';

/**
 * A message to pin or react to: as for reading it, its chat, and whether the actor may still reach
 * the other side (one-to-one: friends policy `message.send` over the blacklist; groups: true).
 */
export interface ChatMessageFacts extends MessageFacts {
  chat: ChatKind;
  reach: Decision;
}

/** Unpinning: the chat and the same reach as pinning (the message itself may be gone for the actor). */
export interface UnpinFacts {
  chat: ChatKind;
  reach: Decision;
}

/** The sender's own standing: an operator's send ban (users.send_banned_until, unix ms; 0 none). */
export interface SenderFacts {
  bannedUntil: number;
  now: number;
}

/**
 * A message's own facts, the same for every reader: its sender's revoke and the `can` flags
 * (docs/decisions/045-message-can-flags.md). `type` as stored ('groupTip': written by the server).
 */
export interface OwnMessageFacts {
  senderId: number;
  type: string;
  createdAt: number;
  revoked: boolean;
  now: number;
}

/** What the `can` flags add: how it was revoked, where it is, and whether the reader deleted it. */
export interface MessageCanFacts {
  message: Pick<OwnMessageFacts, 'type' | 'createdAt' | 'revoked'> & {
    /** Revoked by its sender (not by a group's manager). */
    revokedBySender: boolean;
    visibleTo: number | null;
  };
  /** Its type (and a custom one's data) is one users send (protocol `isForwardable`). */
  forwardable: boolean;
  /** A one-to-one chat, the helper's chat (no pins), or a group. */
  chat: ChatKind;
  hidden: boolean;
}

/** Revoke in a group: the message, and whether the group rules let the actor act over its sender. */
export interface GroupRevokeFacts {
  message: OwnMessageFacts;
  /** groupsPolicy `message.revokeOthers` for the actor over the sender (asked when not their own). */
  overSender: () => Decision;
}

const isTip = (type: string) => type === 'groupTip';
/** When the sender's revoke lapses: the revoke window after sending. */
const revokeUntil = (createdAt: number) => createdAt + MessageLimits.revokeWindowMs;

/** One's own message: not a tip, within the window (revoking again what is revoked is fine). */
const revokeOwn = (actorId: number, m: OwnMessageFacts): Decision => {
  if (m.senderId !== actorId || isTip(m.type)) return 'forbidden';
  if (m.revoked) return true;
  return m.now > revokeUntil(m.createdAt) ? 'revokeWindowPassed' : true;
};

/** Forward: a message of a type users send, not revoked, not a notice one side alone sees. */
const forwardable = (m: { revoked: boolean; visibleTo: number | null }, typeForwardable: boolean) =>
  !m.revoked && m.visibleTo === null && typeForwardable;

/** A member row that left its group (removed, quit, blacklisted, dissolved). */
const left = (member: NonNullable<MessageFacts['member']>) =>
  member.untilSeq !== undefined && member.untilSeq !== null;

/**
 * Who may see a message: a member of its conversation, visible to them (not a notice for the other
 * side), not deleted by them, after their cleared history and, in a group they left, not after
 * where they left. Every rule on a message id starts here; listing queries filter loaded facts with
 * it too (pins, reactions), so no module writes its own "who sees this".
 */
export const readableBy = (actorId: number, f: MessageFacts): Decision => {
  const m = f.message;
  if (!m || !f.member || f.hidden) return 'notFound';
  if (m.visibleTo !== null && m.visibleTo !== actorId) return 'notFound';
  if (m.seq <= f.member.clearedSeq) return 'notFound';
  if (left(f.member) && m.seq > f.member.untilSeq!) return 'notFound';
  return true;
};

/** Pin: a one-to-one chat's (not the helper's), not revoked, not a tip or a notice for one side. */
const pinnable = (
  m: { revoked: boolean; visibleTo: number | null; type?: string },
  chat: ChatKind,
  hidden: boolean,
) => chat === 'c2c' && !m.revoked && !isTip(m.type ?? '') && m.visibleTo === null && !hidden;

/** React: a message not revoked nor deleted by the reader. */
const reactable = (m: { revoked: boolean }, hidden: boolean) => !m.revoked && !hidden;

export const messagesPolicy = definePolicy({
  /** Open (read, change) one's side of a one-to-one conversation: the peer exists and is not oneself. */
  'conversation.open': (actor, p: PeerFacts) =>
    p.peerId === undefined ? 'userNotFound' : p.peerId === actor.userId ? 'forbidden' : true,
  /** Send a message (one-to-one or group): not while an operator's send ban lasts. */
  'message.send': (_actor, f: SenderFacts) => (f.bannedUntil > f.now ? 'bannedSender' : true),
  /** See a message: a member of its conversation, visible to the reader, not deleted or cleared. */
  'message.view': (actor, f: MessageFacts) => readableBy(actor.userId, f),
  /**
   * Forward (send again): a message one sees, neither revoked nor a one-sided notice, of a type users
   * send (not a group tip, call card or friend notice).
   */
  'message.forward': (actor, f: ForwardFacts) => {
    const seen = readableBy(actor.userId, f);
    if (seen !== true) return seen;
    const m = f.message!;
    return forwardable(m, f.forwardable) ? true : 'messageNotForwardable';
  },
  /**
   * Pin in a one-to-one chat's bar: a message one sees and `can.pin` flags (not the helper's chat),
   * while the other side has not blacklisted the actor nor the actor them (the send path's codes).
   */
  'message.pin': (actor, f: ChatMessageFacts) => {
    if (readableBy(actor.userId, f) !== true) return 'pinMessageNotFound';
    const m = f.message!;
    if (f.chat === 'helper' || f.chat === 'group') return 'forbidden';
    if (!pinnable(m, f.chat, f.hidden)) return 'pinMessageNotFound';
    return f.reach;
  },
  /** Unpin: the helper's chat has no pins; otherwise the same reach as pinning. */
  'message.unpin': (_actor, f: UnpinFacts) => (f.chat === 'c2c' ? f.reach : 'forbidden'),
  /**
   * React (add or take back an emoji): a message one sees, not revoked, in a group one is still a
   * member of, while the other side of a one-to-one chat may be reached (the send path's codes).
   */
  'message.react': (actor, f: ChatMessageFacts) => {
    if (readableBy(actor.userId, f) !== true) return 'reactionMessageNotFound';
    if (!reactable(f.message!, f.hidden) || left(f.member!)) return 'reactionMessageNotFound';
    return f.reach;
  },
  /** Revoke (one-to-one): one's own message, not a tip, within the revoke window. */
  'message.revoke': (actor, f: MessageFacts) => {
    const seen = readableBy(actor.userId, f);
    if (seen !== true) return seen;
    return revokeOwn(actor.userId, { ...f.message!, type: f.message!.type ?? '', now: f.now });
  },
  /**
   * Revoke in a group: one's own by the rule above; another member's (any time) when the group
   * rules let the actor act over them (owner over all, admins over members). Tips never.
   */
  'message.revokeInGroup': (actor, f: GroupRevokeFacts) => {
    if (f.message.senderId === actor.userId) return revokeOwn(actor.userId, f.message);
    return isTip(f.message.type) ? 'forbidden' : f.overSender();
  },
});

/**
 * The `can` flags of a message (protocol `MessageCan`), the same for every reader: `revoke` and
 * `reedit` are its sender's, as `message.revoke` decides them before the window lapses.
 */
export function messageCan(f: MessageCanFacts): MessageCan {
  const m = f.message;
  const tip = isTip(m.type);
  const revoke = !m.revoked && !tip;
  return {
    revoke,
    revokeUntil: revoke ? revokeUntil(m.createdAt) : 0,
    reedit: m.revoked && m.revokedBySender && m.type === 'text',
    pin: pinnable(m, f.chat, f.hidden),
    delete: !f.hidden,
    forward: !f.hidden && forwardable(m, f.forwardable),
    react: reactable(m, f.hidden),
  };
}
