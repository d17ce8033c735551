import type { Conversation, Draft, Message } from '@parley/protocol';
import { markListOf } from './conversation-marks.js';
import type { UserRow } from '../users/user.repo.js';
import type { MemberView } from './conversation.repo.js';
import type { MessageRow } from './message.repo.js';
import { toGroupConversation, toGroupMessage, type GroupFacts } from './group-views.js';
import { toLastMessage } from './last-message.js';

type Person = Pick<UserRow, 'id' | 'wt_id' | 'nick_name' | 'avatar'>;

/** What the presenters need besides the rows: people by id and the read facts of the reader. */
export interface ViewFacts {
  readerId: number;
  people: Map<number, Person>;
  /** The other side's read cursor per conversation id (one-to-one). */
  peerRead: Map<number, number>;
  /** The other side per conversation id (one-to-one). */
  peerOf: Map<number, number>;
  /** Messages the reader deleted for themselves. */
  hidden?: Set<number>;
  /** Group conversations among them (group-views.ts). */
  groups?: GroupFacts;
}

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** The conversation ID as the reader sees it: `C2C<wtId of the other side>`. */
export function conversationIdFor(facts: ViewFacts, conversationId: number): string {
  const peer = facts.people.get(facts.peerOf.get(conversationId) ?? -1);
  return `C2C${peer?.wt_id ?? ''}`;
}

/** A row's payload and reply data as objects, when the caller holds them already (a new message). */
export interface KnownContent {
  payload: Record<string, unknown>;
  cloudCustomData: Record<string, unknown> | null;
}

/** `known`: the row's stored JSON as objects, so a message just stored is not parsed back per reader. */
export function toMessage(row: MessageRow, f: ViewFacts, known?: KnownContent): Message {
  const group = f.groups?.byConversation.get(row.conversation_id);
  if (group) {
    return toGroupMessage(row, group, f.people.get(row.sender_id), {
      readerId: f.readerId,
      nameCard: f.groups!.nameCards.get(`${row.conversation_id}:${row.sender_id}`) ?? '',
      hidden: f.hidden?.has(row.id) ?? false,
    });
  }
  const sender = f.people.get(row.sender_id);
  const mine = row.sender_id === f.readerId;
  const peerId = f.peerOf.get(row.conversation_id);
  const toId = mine ? peerId : f.readerId;
  const revoked = row.revoked === 1;
  const payload = revoked ? {} : ((known ? known.payload : parse(row.payload)) ?? {});
  const isPeerRead = mine && (f.peerRead.get(row.conversation_id) ?? 0) >= row.seq;
  const atUserList = Array.isArray(payload.atUserList) ? (payload.atUserList as string[]) : [];
  return {
    ID: row.msg_id,
    clientMsgId: mine ? row.client_msg_id : '',
    type: row.type,
    flow: mine ? 'out' : 'in',
    status: 'success',
    time: Math.floor(row.created_at / 1000),
    timeMs: row.created_at,
    from: sender?.wt_id ?? '',
    nick: sender?.nick_name ?? '',
    avatar: sender?.avatar ?? '',
    to: f.people.get(toId ?? -1)?.wt_id ?? '',
    conversationID: conversationIdFor(f, row.conversation_id),
    conversationType: 'C2C',
    payload,
    sequence: row.seq,
    isRevoked: revoked,
    revoker: row.revoker,
    isDeleted: f.hidden?.has(row.id) ?? false,
    hasRiskContent: row.risky === 1,
    needReadReceipt: row.need_read_receipt === 1,
    isPeerRead,
    readReceiptInfo: { readCount: isPeerRead ? 1 : 0, unreadCount: isPeerRead ? 0 : 1, isPeerRead },
    atUserList,
    cloudCustomData: revoked
      ? null
      : ((known ? known.cloudCustomData : parse(row.cloud_custom_data)) as Message['cloudCustomData']),
  };
}

export function toConversation(
  m: MemberView,
  f: ViewFacts & { unread: number; remark: string; last: MessageRow | undefined },
): Conversation {
  const group = m.group_id === null ? undefined : f.groups?.byConversation.get(m.conversation_id);
  if (group) {
    return toGroupConversation(m, group, {
      last: f.last,
      sender: f.last && f.people.get(f.last.sender_id),
      mentions: f.groups!.mentions.get(m.conversation_id) ?? [],
    });
  }
  const peer = f.people.get(m.peer_id ?? -1);
  const draft = parse(m.draft) as Draft | null;
  const last =
    f.last && f.last.seq > m.cleared_seq && (f.last.visible_to ?? m.user_id) === m.user_id
      ? f.last
      : undefined;
  return {
    conversationID: `C2C${peer?.wt_id ?? ''}`,
    type: 'C2C',
    unreadCount: f.unread,
    isMuted: m.muted === 1,
    isPinned: m.pinned === 1,
    markList: markListOf(m.marks),
    remark: f.remark,
    customData: m.custom_data,
    draft,
    draftText: draft?.abstract ?? '',
    lastMessage: last ? toLastMessage(last, f.people.get(last.sender_id)) : null,
    lastSequence: m.last_seq,
    readSequence: m.read_seq,
    peerReadSequence: f.peerRead.get(m.conversation_id) ?? 0,
    userProfile: peer ? { userID: peer.wt_id, nick: peer.nick_name, avatar: peer.avatar } : null,
    activityTime: m.activity_at,
    groupProfile: null,
    groupAtInfoList: [],
    state: 0,
  };
}
