import type { Generated } from 'kysely';
import type {
  ConversationMembersTable,
  ConversationsTable,
  MessageHidesTable,
  MessageMentionsTable,
  MessagesTable,
  SyncLogTable,
  SyncVersionsTable,
} from './schema-messaging.js';
import type {
  HelperFaqTable,
  HelperTextsTable,
  MessagePinsTable,
  MessageReactionsTable,
  QuickPhrasesTable,
  SessionGroupItemsTable,
  SessionGroupsTable,
} from './schema-tools.js';
import type { MomentsDatabase } from './schema-moments.js';
import type { MemberCodesTable, TranslationCacheTable } from './schema-paid.js';
import type { AdminAuditTable, ReportsTable } from './schema-admin.js';

export type * from './schema-admin.js';
export type * from './schema-messaging.js';
export type * from './schema-moments.js';
export type * from './schema-paid.js';
export type * from './schema-tools.js';

/**
 * Table types for Kysely. Times are unix milliseconds (bigint), booleans are 0/1 integers,
 * so the same migrations and queries run on SQLite and PostgreSQL.
 * Each domain adds its tables here next to its migration; messaging's are in schema-messaging.ts.
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
  /** 1: may use the admin console; only the operator CLI sets it (`parley admin grant`). */
  is_operator: Generated<number>;
  /** Until then (unix ms) the user may not send messages (20012); 0: never banned. */
  send_banned_until: Generated<number>;
  /** End of a redeemed membership (unix ms); 0: no end (an operator's grant) or not a member. */
  vip_until: Generated<number>;
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
  /** When the session last confirmed its password for destructive admin actions; null: never. */
  admin_confirmed_at: Generated<number | null>;
}

export interface UserConfigsTable {
  user_id: number;
  daily_word_switch: Generated<number>;
  web_media_switch: Generated<number>;
  notify_enabled: Generated<number>;
  notify_preview: Generated<number>;
  notify_sound: Generated<number>;
  /** zh-CN, en or ja; null until the user chooses. */
  language: Generated<string | null>;
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

/** An unfinished resumable upload (tus): its owner, declared length and last activity. */
export interface ResumableUploadsTable {
  id: string;
  owner_id: number;
  length: number;
  created_at: number;
  touched_at: number;
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
  /** SHA-256 (hex) of the uploaded file (derived sizes: their original's); null before it was kept. */
  content_sha256: string | null;
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

/** A join invitation waiting for the invited user's consent (0 waiting, 1 accepted, 2 declined). */
export interface GroupInvitationsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  inviter_id: number;
  status: number;
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
  /** When the caller's daily allowance runs out during this connected call; null: not limited. */
  limit_at: Generated<number | null>;
  /** A group call's group; null: one-to-one. */
  group_id: Generated<number | null>;
}

/** One person's part in a group call (migration 20261128100000). */
export interface CallMembersTable {
  id: Generated<number>;
  call_id: number;
  user_id: number;
  /** ringing | joined | left | rejected | timeout | busy | canceled */
  state: string;
  /** The socket connection holding the member's part (set when they join). */
  conn: string | null;
  invited_by: number | null;
  invited_at: number;
  invite_expires_at: number;
  seen_at: number;
  /** Start of the current metered span (joined while the call is connected); null otherwise. */
  joined_at: number | null;
  /** Start of the first metered span: the UTC day the time counts on. */
  metered_from: number | null;
  /** Closed metered spans, summed. */
  metered_ms: Generated<number>;
  /** When this member's daily allowance runs out during the call; null: not limited. */
  limit_at: number | null;
  updated_at: number;
}

/**
 * The client's record of a caller's connected calls (/media/*), kept for the SPEC's poll; the limit
 * itself is metered from `calls`. `day` is the UTC date.
 */
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

export interface Database extends MomentsDatabase {
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
  resumable_uploads: ResumableUploadsTable;
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
  call_members: CallMembersTable;
  call_usage: CallUsageTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_blacklist: GroupBlacklistTable;
  group_applications: GroupApplicationsTable;
  group_notices: GroupNoticesTable;
  group_invitations: GroupInvitationsTable;
  reports: ReportsTable;
  admin_audit: AdminAuditTable;
  translation_cache: TranslationCacheTable;
  member_codes: MemberCodesTable;
  quick_phrases: QuickPhrasesTable;
  session_groups: SessionGroupsTable;
  session_group_items: SessionGroupItemsTable;
  helper_faq: HelperFaqTable;
  helper_texts: HelperTextsTable;
  message_pins: MessagePinsTable;
  message_reactions: MessageReactionsTable;
}
