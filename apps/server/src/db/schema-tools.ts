import type { Generated } from 'kysely';

/**
 * The conversation tools' tables (quick phrases, custom tabs), in schema.ts's conventions;
 * schema.ts re-exports them and lists them in its `Database`.
 */

/** A quick phrase (常用语) of its owner; `word_sort` orders the owner's list, ties by id. */
export interface QuickPhrasesTable {
  id: Generated<number>;
  owner_id: number;
  word: string;
  word_sort: number;
  created_at: number;
  updated_at: number;
}

/** A custom conversation tab of its owner. `hide_status` 1 shown, 0 hidden. */
export interface SessionGroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  hide_status: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/**
 * A conversation in a custom tab: `session_type` 0 one-to-one (`relation_id` the other user's id),
 * 1 group (`relation_id` the group's id). `owner_id` repeats the tab's owner.
 */
export interface SessionGroupItemsTable {
  group_id: number;
  owner_id: number;
  session_type: number;
  relation_id: number;
  position: number;
}

/** One FAQ item of the official helper; `keywords` is a '\n'-separated lowercase list. */
export interface HelperFaqTable {
  id: Generated<number>;
  question: string;
  reply_msg: string;
  keywords: string;
  img_url: string;
  jump_url: string;
  sort: number;
}

/** The helper's texts by key: 'welcome', 'fallback'. */
export interface HelperTextsTable {
  key: string;
  text: string;
}

/** A message pinned in a one-to-one chat (both sides see it); `content` is the abstract given. */
export interface MessagePinsTable {
  id: Generated<number>;
  conversation_id: number;
  message_id: number;
  pinned_by: number;
  content: string;
  created_at: number;
}

/** One user's emoji reaction on a message. */
export interface MessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: number;
}
