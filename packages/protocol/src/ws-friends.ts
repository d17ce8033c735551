import type { UserInfo } from './rest/auth.js';
import type { BlackStatusResult, CustomNotice, FriendApplication, FriendItem } from './rest/friends.js';
import type { Tag } from './rest/tags.js';

/**
 * Socket events of the friends domain (server → client `{type, data}` frames).
 * Part of ServerEventMap (ws.ts).
 */
export interface FriendEventMap {
  /** A new (or renewed) application reached the target (direction 'in'). `counters.updated` follows. */
  'friend.apply': FriendApplication;
  /** An application changed: accepted/rejected (to both sides), or read (to the target's other tabs). */
  'friend.apply.updated': FriendApplication;
  /** A friendship started: each side receives its own row of the new friend. */
  'friend.added': FriendItem;
  /** The friendship with `wtId` ended (sent to both sides). `byMe` 1 on the deleter's side. */
  'friend.deleted': { wtId: string; byMe: 0 | 1 };
  /** The owner's row of a friend changed (remark, tags, moments visibility, black status): owner's tabs. */
  'friend.updated': FriendItem;
  /** The owner blacklisted or unblocked someone (friend or not): owner's tabs. */
  'friend.black': BlackStatusResult;
  /** The owner's tags changed (created, renamed, deleted, members): the full list, owner's tabs. */
  'tags.updated': { tags: Tag[] };
  /** A friend notice (CustomMsg_Type_addFriend / addBlack / deleteFriend) to both users. */
  'message.custom': CustomNotice;
  /** The user's own profile changed: their other tabs. */
  'user.updated': UserInfo;
}

export type FriendEventType = keyof FriendEventMap;
