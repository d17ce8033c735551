import { z } from 'zod';
import { CustomMsgType } from '../enums.js';
import { bit } from './common.js';

const applySource = z.literal([1, 2, 3, 4, 5]);
/** The three friend notices (custom message data types). */
export const friendCustomTypes = [
  CustomMsgType.addFriend,
  CustomMsgType.addBlack,
  CustomMsgType.deleteFriend,
] as const;
export type FriendCustomType = (typeof friendCustomTypes)[number];

/** A friend application, seen by the caller. */
export const friendApplicationSchema = z.object({
  id: z.number(),
  /** The other party's wtId: the applicant for 'in', the target for 'out'. */
  userID: z.string(),
  applyWtId: z.string(),
  nick: z.string(),
  avatar: z.string(),
  /** FriendApplyStatus: 0 pending, 1 accepted, 2 rejected, 3 expired. */
  status: z.literal([0, 1, 2, 3]),
  source: applySource,
  /** The reason (applyInfo). */
  wording: z.string(),
  direction: z.enum(['in', 'out']),
  /** 1 once the target marked it read ('in' only; 'out' is always 1). */
  isRead: bit,
  createTime: z.number(),
  /** Last (re-)application or handling time, unix ms. */
  updateTime: z.number(),
});
export type FriendApplication = z.infer<typeof friendApplicationSchema>;
/** Answer of POST /userFriends/apply: the application; status 1 when it matched theirs. */
export type ApplyFriendResult = FriendApplication;

/** One row of the friend list, and the payload of friend.added / friend.updated. */
export const friendItemSchema = z.object({
  userID: z.string(),
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  bio: z.string(),
  remark: z.string(),
  tagIds: z.array(z.number()),
  tagNameList: z.array(z.string()),
  ownerBlackStatus: bit,
  friendsSpaceStatus: bit,
  mineSpaceStatus: bit,
  applySource,
  /** 1 when the friend's account is cancelled. */
  actionStatus: bit,
  isOfficial: bit,
  /** When the friendship started, unix ms. */
  createTime: z.number(),
});
export type FriendItem = z.infer<typeof friendItemSchema>;

/** One row of the blacklist; `remark` when the user is still a friend. */
export const blackItemSchema = z.object({
  userID: z.string(),
  wtId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  remark: z.string(),
  isFriend: bit,
  createTime: z.number(),
});
export type BlackItem = z.infer<typeof blackItemSchema>;

/** Answer of POST /user/friendInfo: a profile with the caller's relation to it. */
export const friendInfoSchema = z.object({
  wtId: z.string(),
  userID: z.string(),
  remark: z.string(),
  /** 1 = account cancelled or profile not found (the profile fields are then empty). */
  actionStatus: bit,
  /** 1 = the caller blacklisted this user. */
  ownerBlackStatus: bit,
  friendsSpaceStatus: bit,
  mineSpaceStatus: bit,
  tagNameList: z.array(z.string()),
  tagIds: z.array(z.number()),
  nickName: z.string(),
  avatar: z.string(),
  bio: z.string(),
  /** FriendsStatus: 0 friend, 1 stranger, 2 self, 3 applied, 4 application received. */
  friendsStatus: z.literal([0, 1, 2, 3, 4]),
  /** Groups both are in (0 until groups exist). */
  commonGroupCount: z.number(),
  /** Friends: how the friendship started. Others: 1 when searchId matched the wtId, 2 the phone. */
  applySource: applySource.nullable(),
  isOfficial: bit,
});
export type FriendInfo = z.infer<typeof friendInfoSchema>;

/** Answer of POST /userFriends/delete: `deleted` false when you were no longer friends. */
export const deleteFriendResultSchema = z.object({ friendsWtId: z.string(), deleted: z.boolean() });
export type DeleteFriendResult = z.infer<typeof deleteFriendResultSchema>;

/** Answer of the blacklist add / remove routes, and the `friend.black` event. */
export const blackStatusResultSchema = z.object({ friendWtId: z.string(), ownerBlackStatus: bit });
export type BlackStatusResult = z.infer<typeof blackStatusResultSchema>;

/** Answer of GET /userFriends/apply/unreadCount and POST /userFriends/apply/read. */
export const friendApplyUnreadSchema = z.object({ count: z.number() });
export type FriendApplyUnread = z.infer<typeof friendApplyUnreadSchema>;

/**
 * A friend notice (add-friend / add-black / delete-friend), answered by POST /user/sendCustomMessage
 * and pushed as `message.custom`. Each side files it under its C2C conversation with the other.
 */
export const customNoticeSchema = z.object({
  id: z.string(),
  type: z.enum(friendCustomTypes),
  fromWtId: z.string(),
  toWtId: z.string(),
  time: z.number(),
});
export type CustomNotice = z.infer<typeof customNoticeSchema>;

/** `friend.deleted`: the friendship with `wtId` ended; `byMe` 1 on the deleter's side. */
export const friendDeletedSchema = z.object({ wtId: z.string(), byMe: bit });
