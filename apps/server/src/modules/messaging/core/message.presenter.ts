import {
  ConversationType,
  HELPER_WT_ID,
  isForwardable,
  type Conversation,
  type Draft,
  type GroupAtInfo,
  type Message,
} from '@parley/protocol';
import { messageCan } from '../../../policies/messages.policy.js';
import type { UserRow } from '../../users/user.repo.js';
import { markListOf } from './conversation-marks.js';
import type { MemberView } from './conversation.repo.js';
import { c2cConversationId, groupConversationId, type GroupOf } from './conversation-id.js';
import { toLastMessage } from './last-message.js';
import { profileVisible } from './profile-visibility.js';
import type { MessageRow } from './message.repo.js';

type Person = Pick<UserRow, 'id' | 'wt_id' | 'nick_name' | 'avatar'>;

/**
 * The chat a message or conversation is in, as its reader sees it: the one place where a one-to-one
 * and a group view differ. A one-to-one chat is named by the other side (`C2C<wtId>`) and knows how
 * far they read; a group chat by its group (`GROUP<number>`), whose receipts are counted on request.
 */
export type ChatView =
  { kind: 'c2c'; peer: Person | undefined; peerRead: number } | { kind: 'group'; group: GroupOf };

/** Who reads a view: flow, clientMsgId and hides follow from it. `id` 0: a group's topic frame, the same for all. */
export interface Reader {
  id: number;
  wtId: string;
}

/** The reader of a group's topic frame: the same view for every member (flow 'in'). */
export const TOPIC_READER: Reader = { id: 0, wtId: '' };

/** A row's payload and reply data as objects, when the caller holds them already (a new message). */
export interface KnownContent {
  payload: Record<string, unknown>;
  cloudCustomData: Record<string, unknown> | null;
}

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
};

export const chatIdOf = (chat: ChatView): string =>
  chat.kind === 'c2c' ? c2cConversationId(chat.peer?.wt_id ?? '') : groupConversationId(chat.group.number);

/**
 * A message as `reader` sees it: the one builder of a `Message` (history, sync, sends, frames).
 * `known`: the row's stored JSON as objects, so a message just stored is not parsed back per reader.
 * `more.nameCard`: the sender's group nickname (groups). One object literal with every field, so
 * every message has one shape (docs/decisions/011-young-objects-on-the-send-path.md). Its `can`
 * flags are the same for every reader (docs/decisions/045-message-can-flags.md), so a group's shared
 * frame is built once.
 */
export function toMessage(
  row: MessageRow,
  sender: Person | undefined,
  reader: Reader,
  chat: ChatView,
  more?: { known?: KnownContent; hidden?: boolean; nameCard?: string },
): Message {
  const mine = row.sender_id === reader.id;
  const revoked = row.revoked === 1;
  const known = more?.known;
  const payload = revoked ? {} : ((known ? known.payload : parse(row.payload)) ?? {});
  const c2c = chat.kind === 'c2c';
  const isPeerRead = c2c && mine && chat.peerRead >= row.seq;
  const atUserList = Array.isArray(payload.atUserList) ? (payload.atUserList as string[]) : [];
  return {
    ID: row.msg_id,
    clientMsgId: mine || reader.id === 0 ? row.client_msg_id : '',
    type: row.type,
    flow: mine ? 'out' : 'in',
    status: 'success',
    time: Math.floor(row.created_at / 1000),
    timeMs: row.created_at,
    from: sender?.wt_id ?? '',
    nick: sender?.nick_name ?? '',
    avatar: sender?.avatar ?? '',
    to: c2c ? (mine ? (chat.peer?.wt_id ?? '') : reader.wtId) : chat.group.number,
    conversationID: chatIdOf(chat),
    conversationType: c2c ? ConversationType.c2c : ConversationType.group,
    payload,
    sequence: row.seq,
    isRevoked: revoked,
    revoker: row.revoker,
    isDeleted: more?.hidden ?? false,
    hasRiskContent: row.risky === 1,
    needReadReceipt: row.need_read_receipt === 1,
    isPeerRead,
    readReceiptInfo: {
      readCount: isPeerRead ? 1 : 0,
      unreadCount: c2c && !isPeerRead ? 1 : 0,
      isPeerRead,
    },
    atUserList,
    cloudCustomData: revoked
      ? null
      : ((known ? known.cloudCustomData : parse(row.cloud_custom_data)) as Message['cloudCustomData']),
    nameCard: c2c ? undefined : (more?.nameCard ?? ''),
    groupVersion: c2c ? undefined : Number(row.version),
    can: messageCan({
      message: {
        type: row.type,
        createdAt: row.created_at,
        revoked,
        revokedBySender: revoked && row.revoker === (sender?.wt_id ?? ''),
        visibleTo: row.visible_to,
      },
      forwardable: !revoked && isForwardable({ type: row.type, payload }),
      chat: c2c ? (chat.peer?.wt_id === HELPER_WT_ID ? 'helper' : 'c2c') : 'group',
      hidden: more?.hidden ?? false,
    }),
  };
}

/** The last sequence a member row may see: the conversation's, or where the reader left. */
export const lastVisibleSeq = (m: Pick<MemberView, 'state' | 'until_seq' | 'last_seq'>) =>
  Number(m.state) === 0 ? Number(m.last_seq) : Number(m.until_seq);

/** Unread of a group: messages after the read (and cleared) cursor up to where the reader may see. */
export const groupUnread = (
  m: Pick<MemberView, 'state' | 'until_seq' | 'last_seq' | 'read_seq' | 'cleared_seq'>,
) => Math.max(0, lastVisibleSeq(m) - Math.max(Number(m.read_seq), Number(m.cleared_seq)));

/**
 * What a conversation's row adds: one-to-one, the stored unread count, the reader's remark of the
 * peer and whether the peer has not blacklisted the reader (`profileVisible` with the chat they
 * share); a group, the reader's unread mentions.
 */
export type ConversationChat =
  | (Extract<ChatView, { kind: 'c2c' }> & { unread: number; remark: string; blockedByPeer: boolean })
  | (Extract<ChatView, { kind: 'group' }> & { mentions: GroupAtInfo[] });

/**
 * A conversation's list row as its member `m` sees it: the one builder of a `Conversation`. A group
 * the reader left, and a peer who blacklisted them, show no live name or avatar (`profileVisible`,
 * the rule of the custom tabs too).
 */
export function toConversation(
  m: MemberView,
  chat: ConversationChat,
  last: MessageRow | undefined,
  lastSender: Person | undefined,
): Conversation {
  const draft = parse(m.draft) as Draft | null;
  const c2c = chat.kind === 'c2c';
  const until = c2c ? m.last_seq : lastVisibleSeq(m);
  const shown =
    last !== undefined &&
    last.seq > m.cleared_seq &&
    (c2c ? (last.visible_to ?? m.user_id) === m.user_id : last.seq <= until);
  const left = Number(m.state) !== 0;
  const visible = profileVisible(
    c2c
      ? { kind: 'user', blockedByThem: chat.blockedByPeer, friend: false, chatPartner: true }
      : { kind: 'group', member: !left },
  );
  return {
    conversationID: chatIdOf(chat),
    type: c2c ? ConversationType.c2c : ConversationType.group,
    unreadCount: c2c ? chat.unread : groupUnread(m),
    isMuted: m.muted === 1,
    isPinned: m.pinned === 1,
    markList: markListOf(m.marks),
    remark: c2c ? chat.remark : '',
    customData: m.custom_data,
    draft,
    draftText: draft?.abstract ?? '',
    lastMessage: shown ? toLastMessage(last, lastSender) : null,
    lastSequence: until,
    readSequence: Number(m.read_seq),
    peerReadSequence: c2c ? chat.peerRead : 0,
    userProfile:
      c2c && chat.peer
        ? {
            userID: chat.peer.wt_id,
            nick: visible ? chat.peer.nick_name : '',
            avatar: visible ? chat.peer.avatar : '',
          }
        : null,
    activityTime: c2c || left ? m.activity_at : Math.max(Number(m.activity_at), Number(m.last_time)),
    groupProfile: c2c
      ? null
      : {
          groupID: chat.group.number,
          name: visible ? chat.group.name : '',
          avatar: visible ? chat.group.avatar : '',
        },
    groupAtInfoList: c2c ? [] : chat.mentions,
    state: c2c ? 0 : Number(m.state),
  };
}

/** The group facts of a batch of views (docs/architecture.md "Group messaging"). */
export interface GroupFacts {
  byConversation: Map<number, GroupOf>;
  /** Group nicknames: `${conversationId}:${userId}` → nickname. */
  nameCards: Map<string, string>;
  /** The reader's unread mentions per conversation (conversation views only). */
  mentions: Map<number, GroupAtInfo[]>;
}

/** What `MessagingViews` loads for a batch of views of one reader (messaging.views.ts). */
export interface ViewFacts {
  readerId: number;
  people: Map<number, Person>;
  /** The other side's read cursor per conversation id (one-to-one). */
  peerRead: Map<number, number>;
  /** The other side per conversation id (one-to-one). */
  peerOf: Map<number, number>;
  /** Messages the reader deleted for themselves. */
  hidden?: Set<number>;
  /** Group conversations among them. */
  groups?: GroupFacts;
}

/** The chat of conversation `conversationId` in `f`: its group's when it is a group's, else the peer's. */
export function chatIn(f: ViewFacts, conversationId: number): ChatView {
  const group = f.groups?.byConversation.get(conversationId);
  if (group) return { kind: 'group', group };
  return {
    kind: 'c2c',
    peer: f.people.get(f.peerOf.get(conversationId) ?? -1),
    peerRead: f.peerRead.get(conversationId) ?? 0,
  };
}

/** `toMessage` for a row among loaded facts. */
export function messageIn(f: ViewFacts, row: MessageRow): Message {
  const chat = chatIn(f, row.conversation_id);
  return toMessage(row, f.people.get(row.sender_id), readerIn(f), chat, {
    hidden: f.hidden?.has(row.id) ?? false,
    nameCard:
      chat.kind === 'group'
        ? (f.groups!.nameCards.get(`${row.conversation_id}:${row.sender_id}`) ?? '')
        : undefined,
  });
}

const readerIn = (f: ViewFacts): Reader => ({ id: f.readerId, wtId: f.people.get(f.readerId)?.wt_id ?? '' });
