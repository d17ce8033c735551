import { HELPER_WT_ID, isForwardable } from '@parley/protocol';
import type { Executor } from '../../../db/repo.js';
import type { ChatKind, ChatMessageFacts, ForwardFacts } from '../../../policies/messages.policy.js';
import type { Decision } from '../../../policies/policy.js';
import { BlacklistRepo } from '../../friends/blacklist.repo.js';
import { messagePermission } from '../../friends/blacklist.service.js';
import { FriendshipRepo } from '../../friends/friendship.repo.js';
import { UserRepo, type UserRow } from '../../users/user.repo.js';
import { ConversationRepo, type MemberView } from './conversation.repo.js';
import { MessageRepo, type MessageRow } from './message.repo.js';

/**
 * A message id as one reader stands to it: the stored row (undefined: no such message), the facts
 * every message rule of `messagesPolicy` reads, its chat kind and, for a one-to-one chat, the other
 * side's user row (for the blacklist rules of pins and reactions).
 */
export interface LoadedMessage {
  msgId: string;
  row: MessageRow | undefined;
  facts: ForwardFacts & { chat: ChatKind };
  peer: UserRow | undefined;
}

const memberFacts = (m: MemberView | undefined) =>
  m && {
    clearedSeq: Number(m.cleared_seq),
    // A member who left a group sees up to where they left; a current member has no bound.
    untilSeq: Number(m.state) === 0 ? null : Number(m.until_seq),
  };

/**
 * The one loader of message facts: every route that takes a message id (revoke, delete, forward,
 * pins, reactions, translation) reads them here, in a few queries for any number of ids, and asks
 * its rule. `db` may be a unit of work's.
 */
export async function messageFacts(
  db: Executor,
  userId: number,
  msgIds: string[],
  now: number,
): Promise<LoadedMessage[]> {
  const unique = [...new Set(msgIds)];
  const msgs = new MessageRepo(db);
  const rows = await msgs.byMsgIds(unique);
  const byMsgId = new Map(rows.map((r) => [r.msg_id, r]));
  const convIds = [...new Set(rows.map((r) => Number(r.conversation_id)))];
  const [members, hidden] = await Promise.all([
    convIds.length ? new ConversationRepo(db).memberRowsOf(userId, convIds) : Promise.resolve([]),
    rows.length
      ? msgs.hiddenAmong(
          userId,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  const memberOf = new Map(members.map((m) => [Number(m.conversation_id), m]));
  const peerIds = [...new Set(members.filter((m) => m.peer_id !== null).map((m) => Number(m.peer_id)))];
  const peers = new Map(
    (peerIds.length ? await new UserRepo(db).byIds(peerIds) : []).map((u) => [Number(u.id), u]),
  );
  return unique.map((msgId) => {
    const row = byMsgId.get(msgId);
    const member = row ? memberOf.get(Number(row.conversation_id)) : undefined;
    const peer = member?.peer_id != null ? peers.get(Number(member.peer_id)) : undefined;
    const chat: ChatKind =
      member?.group_id != null ? 'group' : peer?.wt_id === HELPER_WT_ID ? 'helper' : 'c2c';
    return {
      msgId,
      row,
      peer,
      facts: {
        message: row && {
          senderId: Number(row.sender_id),
          seq: Number(row.seq),
          visibleTo: row.visible_to === null ? null : Number(row.visible_to),
          createdAt: Number(row.created_at),
          revoked: row.revoked === 1,
          type: row.type,
        },
        member: memberFacts(member),
        hidden: row ? hidden.has(row.id) : false,
        now,
        forwardable:
          row !== undefined &&
          isForwardable({ type: row.type, payload: JSON.parse(row.payload) as Record<string, unknown> }),
        chat,
      },
    };
  });
}

/** `messageFacts` for one id. */
export async function oneMessageFacts(
  db: Executor,
  userId: number,
  msgId: string,
  now: number,
): Promise<LoadedMessage> {
  return (await messageFacts(db, userId, [msgId], now))[0]!;
}

/**
 * Whether the actor may still reach the other side of a one-to-one chat: the friends policy's
 * `message.send` over the blacklist and the peer's account, with the send path's codes (20007,
 * 21005, 20003, 10010). Pins and reactions reach the peer like a message does.
 */
export async function peerReach(db: Executor, userId: number, peer: UserRow | undefined): Promise<Decision> {
  const permission = await messagePermission(
    { users: new UserRepo(db), blacklist: new BlacklistRepo(db), friendships: new FriendshipRepo(db) },
    userId,
    peer ?? 0,
  );
  return permission.allowed ? true : (permission.error ?? 'userNotFound');
}

/** A loaded message's facts for the pin and react rules: its chat and the reach of its other side. */
export async function chatMessageFacts(
  db: Executor,
  userId: number,
  loaded: LoadedMessage,
): Promise<ChatMessageFacts> {
  const c2c = loaded.facts.chat !== 'group' && loaded.facts.member !== undefined;
  return { ...loaded.facts, reach: c2c ? await peerReach(db, userId, loaded.peer) : true };
}
