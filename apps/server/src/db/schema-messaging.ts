import type { Generated } from 'kysely';

/**
 * The messaging engine's tables (conversations, their members, messages and the users' sync state), in
 * schema.ts's conventions; schema.ts re-exports them and lists them in its `Database`.
 */

/**
 * Messaging: one row per conversation; `last_seq` is the last allocated message sequence, and the
 * message at it is the conversation's last (conversation.repo.ts `lastMessageIdOfC`).
 */
export interface ConversationsTable {
  id: Generated<number>;
  /** 'c2c' (groups later) */
  kind: string;
  /** C2C: '<smaller user id>:<larger user id>'. */
  c2c_key: string | null;
  last_seq: number;
  last_time: number;
  created_at: number;
  /** Group conversations: the group (null for one-to-one). */
  group_id: number | null;
  /** Group conversations: bumped by every message and change to one (sync by version). */
  version: Generated<number>;
}

/** One user's side of a conversation. marks: bit 4 = archived (folded). draft: JSON or null. */
export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  peer_id: number | null;
  read_seq: number;
  /** History up to this sequence is cleared for this user. */
  cleared_seq: number;
  visible: number;
  pinned: number;
  pinned_at: number;
  muted: number;
  marks: number;
  custom_data: string;
  draft: string | null;
  activity_at: number;
  updated_at: number;
  /** Unread messages from others (kept by the messaging engine; see ConversationRepo.refreshUnread). */
  unread: Generated<number>;
  /** Groups: 0 member, 4 removed, 5 dissolved, 8 quit. */
  state: Generated<number>;
  /** Groups: the last sequence the user may see once they left (0 while a member). */
  until_seq: Generated<number>;
  /** Groups: the conversation's last sequence when the user joined. */
  joined_seq: Generated<number>;
}

/** One stored copy per message. `visible_to`: a notice only that user sees. */
export interface MessagesTable {
  id: Generated<number>;
  msg_id: string;
  conversation_id: number;
  seq: number;
  sender_id: number;
  client_msg_id: string;
  type: string;
  payload: string;
  cloud_custom_data: string | null;
  need_read_receipt: number;
  revoked: number;
  revoker: string;
  risky: number;
  visible_to: number | null;
  search_text: string;
  created_at: number;
  updated_at: number;
  /** Groups: the conversation's version at the message's last change. */
  version: Generated<number>;
  /** One-to-one: the sender's sync version for this message (0: logged in `sync_log` instead). */
  sender_version: Generated<number>;
  /** One-to-one: the receiver's sync version for this message (0: not theirs, or logged). */
  receiver_version: Generated<number>;
}

/** Mentions in group messages: one row per mentioned user (user_id 0: @all). */
export interface MessageMentionsTable {
  message_id: number;
  conversation_id: number;
  user_id: number;
  seq: number;
}

export interface MessageHidesTable {
  user_id: number;
  message_id: number;
  created_at: number;
}

/** Per-user change version (sync) and what changed at each version. */
export interface SyncVersionsTable {
  user_id: number;
  version: number;
}

export interface SyncLogTable {
  user_id: number;
  version: number;
  conversation_id: number;
  message_id: number | null;
}
