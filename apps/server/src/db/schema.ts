import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Times are unix milliseconds (bigint), booleans are 0/1 integers,
 * so the same migrations and queries run on SQLite and PostgreSQL.
 * Each domain adds its tables here next to its migration.
 */
export interface UsersTable {
  id: Generated<number>;
  wt_id: string;
  phone: string;
  nick_name: string;
  avatar: string;
  bio: string;
  pwd_hash: string;
  step2_hash: string | null;
  step2_tips: string;
  vip_level: number;
  vip_type: number;
  /** 0 active, 1 cancelled, 2 disabled */
  status: number;
  is_official: number;
  created_at: number;
  updated_at: number;
}

export interface AuthTokensTable {
  id: string;
  user_id: number;
  token_hash: string;
  device_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The session code (11011-11016) a revoked token answers with. */
  revoke_code: number | null;
}

export interface UserConfigsTable {
  user_id: number;
  daily_word_switch: Generated<number>;
  web_media_switch: Generated<number>;
  notify_enabled: Generated<number>;
  notify_preview: Generated<number>;
  notify_sound: Generated<number>;
}

export interface LoginTicketsTable {
  id: string;
  user_id: number;
  device_id: string;
  expires_at: number;
  used_at: number | null;
  /** Second-step attempts made with this ticket (wrong or right). */
  failures: number;
}

export interface QrLoginsTable {
  code: string;
  /** 0 waiting, 1 scanned, 2 confirmed, 3 consumed */
  status: number;
  user_id: number | null;
  device_id: string;
  created_at: number;
  expires_at: number;
}

/** One side of a friendship (two rows per pair). Space flags: 1 = hidden (see protocol SpaceStatus). */
export interface FriendshipsTable {
  id: Generated<number>;
  owner_id: number;
  friend_id: number;
  remark: string;
  friends_space_status: number;
  mine_space_status: number;
  apply_source: number;
  created_at: number;
  updated_at: number;
}

/** status: 0 pending, 1 accepted, 2 rejected (expired is computed from updated_at). */
export interface FriendApplicationsTable {
  id: Generated<number>;
  from_id: number;
  to_id: number;
  source: number;
  reason: string;
  status: number;
  is_read: number;
  created_at: number;
  updated_at: number;
  handled_at: number | null;
}

export interface BlacklistTable {
  id: Generated<number>;
  owner_id: number;
  target_id: number;
  created_at: number;
}

export interface TagsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface TagMembersTable {
  tag_id: number;
  owner_id: number;
  friend_id: number;
  created_at: number;
}

export interface UploadsTable {
  id: Generated<number>;
  key: string;
  owner_id: number;
  name: string;
  size: number;
  mime: string;
  kind: string;
  created_at: number;
  /** Images: pixel dimensions (null for other kinds). */
  width: number | null;
  height: number | null;
  /** Derived sizes: the upload they were made from, and 'thumb' or 'large'. */
  parent_key: string | null;
  variant: string | null;
}

/** A merged forward's messages as they were when forwarded (JSON array of Message). */
export interface MergedRecordsTable {
  id: Generated<number>;
  download_key: string;
  owner_id: number;
  messages: string;
  created_at: number;
}

/** A user's favorite (收藏): `data` holds the SPEC Favorite fields as JSON. */
export interface FavoritesTable {
  id: Generated<number>;
  owner_id: number;
  content_type: number;
  collected_user_id: number | null;
  collected_user_name: string;
  title: string;
  search_text: string;
  data: string;
  top_status: number;
  top_at: number;
  created_at: number;
}

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

/** Groups (migration 20261123010000_groups). status 0 active, 1 dissolved. */
export interface GroupsTable {
  id: Generated<number>;
  group_number: string;
  name: string;
  avatar: string;
  notice: string;
  welcome: string;
  owner_id: number;
  limit_level: number;
  confirm_invite_switch: number;
  invite_switch: number;
  member_protect_switch: number;
  banned_switch: number;
  member_count: number;
  admin_count: number;
  status: number;
  created_at: number;
  updated_at: number;
}

/** identity 1 member, 2 admin, 3 owner; mute_until in unix ms (0 none). */
export interface GroupMembersTable {
  group_id: number;
  user_id: number;
  identity: number;
  group_nickname: string;
  name_remark: string;
  mute_until: number;
  join_type: number;
  inviter_id: number | null;
  top_status: number;
  last_send_at: number;
  created_at: number;
}

export interface GroupBlacklistTable {
  group_id: number;
  user_id: number;
  created_at: number;
}

export interface GroupApplicationsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  inviter_id: number | null;
  join_type: number;
  message: string;
  status: number;
  handler_id: number | null;
  self_read: number;
  created_at: number;
  updated_at: number;
}

export interface GroupNoticesTable {
  id: Generated<number>;
  user_id: number;
  group_id: number;
  kind: string;
  operator_id: number | null;
  is_read: number;
  created_at: number;
}

/** A one-to-one call the server owns (signalling state). Times in ms. */
export interface CallsTable {
  id: Generated<number>;
  call_id: string;
  room_id: number;
  media_type: number;
  caller_id: number;
  callee_id: number;
  /** ringing | connected | ended */
  status: string;
  end_reason: string | null;
  /** The socket connection holding the call on each side (callee: set on accept). */
  caller_conn: string;
  callee_conn: string | null;
  created_at: number;
  invite_expires_at: number;
  connected_at: number | null;
  ended_at: number | null;
  caller_seen_at: number;
  callee_seen_at: number;
}

/** Daily call time of a caller's connected calls (/media/*). `day` is the UTC date. */
export interface CallUsageTable {
  id: Generated<number>;
  user_id: number;
  peer_id: number;
  call_type: number;
  day: string;
  started_at: number;
  updated_at: number;
  ended_at: number | null;
  seconds: number;
}

/** Reports of users (target_type 0) and groups (1); images comma-joined. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: number;
  target_id: number;
  complaint_type: string;
  detail: string;
  images: string;
  status: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  user_configs: UserConfigsTable;
  login_tickets: LoginTicketsTable;
  qr_logins: QrLoginsTable;
  friendships: FriendshipsTable;
  friend_applications: FriendApplicationsTable;
  blacklist: BlacklistTable;
  tags: TagsTable;
  tag_members: TagMembersTable;
  uploads: UploadsTable;
  merged_records: MergedRecordsTable;
  favorites: FavoritesTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  message_hides: MessageHidesTable;
  message_mentions: MessageMentionsTable;
  sync_versions: SyncVersionsTable;
  sync_log: SyncLogTable;
  calls: CallsTable;
  call_usage: CallUsageTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_blacklist: GroupBlacklistTable;
  group_applications: GroupApplicationsTable;
  group_notices: GroupNoticesTable;
  reports: ReportsTable;
}
