import { z } from 'zod';
import { reactionSummarySchema } from './reactions.js';

/**
 * Messages and conversations as one reader sees them (docs/api.md "Messages and conversations"):
 * `flow`, `conversationID` and `isPeerRead` are relative to the reader.
 */
export const messageReplyModel = z.object({
  messageID: z.string(),
  messageType: z.string(),
  messageSender: z.string(),
  messageAbstract: z.string(),
});

/**
 * What may be done with a message, decided by the server's message rules (clients never derive it
 * from the sender, identities or the clock's window). The same for every reader, so a frame shared
 * by a group's members is built once (docs/decisions/045-message-can-flags.md): `revoke` and
 * `reedit` are its sender's (a client offers them when `flow` is 'out'); a manager's revoke of
 * others' messages comes from the sender's `GroupMember.can.manage`.
 */
export const messageCanSchema = z.object({
  /** Its sender may revoke it until `revokeUntil`. */
  revoke: z.boolean(),
  /** Unix ms when the sender's revoke lapses (0 when `revoke` is false). */
  revokeUntil: z.number(),
  /** 重新编辑: a text its sender revoked themselves may be put back in their composer. */
  reedit: z.boolean(),
  /** 置顶 in the chat's pinned bar (one-to-one chats). */
  pin: z.boolean(),
  /** Delete for oneself. */
  delete: z.boolean(),
  /** 转发 (and 合并转发): a message users send themselves, not revoked, seen by both sides. */
  forward: z.boolean(),
  /** 表情回应: not revoked, not deleted by the reader (a reader who left a group is refused by the server). */
  react: z.boolean(),
});
export type MessageCan = z.infer<typeof messageCanSchema>;

export const messageSchema = z.object({
  ID: z.string(),
  clientMsgId: z.string(),
  type: z.string(),
  flow: z.enum(['in', 'out']),
  status: z.literal('success'),
  /** Unix seconds. */
  time: z.number(),
  /** Unix milliseconds (Parley's own, for ordering within a second). */
  timeMs: z.number(),
  from: z.string(),
  nick: z.string(),
  avatar: z.string(),
  to: z.string(),
  conversationID: z.string(),
  conversationType: z.enum(['C2C', 'GROUP']),
  payload: z.record(z.string(), z.unknown()),
  sequence: z.number(),
  isRevoked: z.boolean(),
  /** wtId of who revoked it ('' when not revoked). */
  revoker: z.string(),
  isDeleted: z.boolean(),
  hasRiskContent: z.boolean(),
  needReadReceipt: z.boolean(),
  isPeerRead: z.boolean(),
  readReceiptInfo: z.object({ readCount: z.number(), unreadCount: z.number(), isPeerRead: z.boolean() }),
  atUserList: z.array(z.string()),
  cloudCustomData: z.object({ messageReply: messageReplyModel.optional() }).nullable(),
  /** Groups: the sender's group nickname ('' when none). */
  nameCard: z.string().optional(),
  /** Groups: the conversation's version after this message or change (POST /message/sync `groups`). */
  groupVersion: z.number().optional(),
  /**
   * Reactions per emoji, first reacted first, as the reader sees them. Carried by history, sync and
   * updates; a message just sent has none yet and leaves it out.
   */
  reactionList: z.array(reactionSummarySchema).optional(),
  can: messageCanSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** An unread mention of the reader in a group conversation. atType: 1 @me, 2 @all, 3 both. */
export const groupAtInfoSchema = z.object({
  messageID: z.string(),
  sequence: z.number(),
  atType: z.literal([1, 2, 3]),
});
export type GroupAtInfo = z.infer<typeof groupAtInfoSchema>;

export const draftSchema = z.object({
  html: z.string(),
  abstract: z.string(),
  messageID: z.string().optional(),
  type: z.string().optional(),
});
export type Draft = z.infer<typeof draftSchema>;

export const conversationSchema = z.object({
  conversationID: z.string(),
  type: z.enum(['C2C', 'GROUP']),
  unreadCount: z.number(),
  isMuted: z.boolean(),
  isPinned: z.boolean(),
  /** 2 = marked unread, 4 = archived (folded). */
  markList: z.array(z.number()),
  /** The friend remark of the other side ('' when none). */
  remark: z.string(),
  customData: z.string(),
  draft: draftSchema.nullable(),
  draftText: z.string(),
  lastMessage: z
    .object({
      messageID: z.string(),
      type: z.string(),
      payload: z.record(z.string(), z.unknown()),
      lastTime: z.number(),
      lastSequence: z.number(),
      isRevoked: z.boolean(),
      fromAccount: z.string(),
      /** The sender's nickname (a group row shows "nick: text"). */
      fromNick: z.string().optional(),
      /** Who revoked it ('administrator' or a wtId; '' when not revoked). */
      revoker: z.string().optional(),
    })
    .nullable(),
  /** The conversation's last sequence and the reader's read cursor. */
  lastSequence: z.number(),
  readSequence: z.number(),
  /** The other side's read cursor (one-to-one): own messages up to it read the peer. */
  peerReadSequence: z.number(),
  userProfile: z.object({ userID: z.string(), nick: z.string(), avatar: z.string() }).nullable(),
  /** Unix milliseconds of the last activity (sort key after pinning). */
  activityTime: z.number(),
  /** Groups: the group (null for one-to-one). */
  groupProfile: z.object({ groupID: z.string(), name: z.string(), avatar: z.string() }).nullable().optional(),
  /** Groups: the reader's unread mentions (cleared by reading past them). */
  groupAtInfoList: z.array(groupAtInfoSchema).optional(),
  /** Groups: GroupConversationState (0 for one-to-one). */
  state: z.number().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const historySchema = z.object({
  messages: z.array(messageSchema),
  /** Nothing older than the page is visible. */
  isCompleted: z.boolean(),
  /** With afterSeq or aroundSeq: newer visible messages follow the page. */
  hasMore: z.boolean().optional(),
});
export type History = z.infer<typeof historySchema>;

export const syncResultSchema = z.object({
  /** Pass as `since` next time. */
  version: z.number(),
  hasMore: z.boolean(),
  /**
   * `since` is older than the changes the server keeps: nothing else is in this answer; the client
   * reloads its conversations and held messages, then syncs from `version`.
   */
  reset: z.boolean(),
  conversations: z.array(conversationSchema),
  removedConversationIDs: z.array(z.string()),
  /** New and changed messages in their current state (revoked, or isDeleted for the caller). */
  messages: z.array(messageSchema),
  /**
   * Every group conversation of the caller with the version this answer brings the client to (pass
   * back as `groups`); group messages in `messages` are those after the versions the client gave.
   */
  groupVersions: z.record(z.string(), z.number()).optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  nextCursor: z.number(),
  isFinished: z.boolean(),
});

export const searchResultSchema = z.object({
  messages: z.array(messageSchema),
  /** Pass as `cursor` for the next page; null when there is none. */
  nextCursor: z.number().nullable(),
});

/** `message.read`: `reader` read `conversationID` up to `seq`. */
export const messageReadSchema = z.object({
  conversationID: z.string(),
  readerID: z.string(),
  seq: z.number(),
});

export const typingSchema = z.object({ conversationID: z.string(), fromID: z.string() });

export const conversationRemovedSchema = z.object({ conversationID: z.string() });

/** One contact of the list panel's search: a friend, or someone the caller has a conversation with. */
export const contactHitSchema = z.object({
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  remark: z.string(),
  conversationID: z.string(),
});

export const conversationSearchSchema = z.object({
  contacts: z.array(contactHitSchema),
  /** Groups come with group chat (always empty for now). */
  groups: z.array(z.object({ groupID: z.string(), name: z.string(), avatar: z.string() })),
});

/** POST /message/readReceipts: read counts of the caller's own group messages. */
export const readReceiptsSchema = z.array(
  z.object({ messageID: z.string(), readCount: z.number(), unreadCount: z.number() }),
);

/** POST /message/readMembers: members who read (or did not read) a group message. */
export const readMembersSchema = z.object({
  members: z.array(
    z.object({ userID: z.string(), nick: z.string(), avatar: z.string(), nameCard: z.string() }),
  ),
  /** Pass as `cursor` for the next page; null when complete. */
  nextCursor: z.string().nullable(),
  isCompleted: z.boolean(),
});

/** `group.read` (group topic): `readerID` read `conversationID` up to `seq`. */
export const groupReadSchema = z.object({
  conversationID: z.string(),
  readerID: z.string(),
  seq: z.number(),
});

/** Socket type 7: every message of `wtId` up to `seq` in the group was revoked by an administrator. */
export const groupRevokeAllSchema = z.object({
  groupNumber: z.string(),
  wtId: z.string(),
  seq: z.number(),
  /** The same two facts under the names of the legacy socket type 7. */
  withdrawUserWtId: z.string(),
  lastMessageSequence: z.number(),
});
