import { z } from 'zod';
import { Limits } from '../constants.js';
import { CustomMsgType, type ApplySource } from '../enums.js';
import { charLength, utf8Length } from '../text.js';
import { required } from './common.js';

/**
 * Friends: applications, the friend list, remarks, moments visibility, blacklist, profiles and
 * custom notices (SPEC §3 Friend info / Profile / Friend application, §5, §7 "Friends and tags").
 * Every user is named by wtId (fields `userID`, `wtId`, `*WtId`); internal ids never leave the server.
 */

// Schema-free constants live in friend-constants.ts so client code can import them without zod.
export * from '../friend-constants.js';
import { FriendLimits, type FriendApplyStatus, type FriendsStatus } from '../friend-constants.js';

const bit = z.literal([0, 1]);

/** A user named by wtId: `label` is the field name used in the error text. */
export const wtIdRef = (label: string) =>
  z.string(required(label)).trim().min(1, `${label}不能为空`).max(64, `${label}过长`);

/** Remark: at most 16 characters and 96 UTF-8 bytes (SPEC §5); empty clears it. */
export const remarkSchema = z
  .string(required('备注'))
  .trim()
  .max(512, `备注不能超过${Limits.remark}个字符`)
  .refine((s) => charLength(s) <= Limits.remark, `备注不能超过${Limits.remark}个字符`)
  .refine((s) => utf8Length(s) <= Limits.remarkBytes, `备注不能超过${Limits.remarkBytes}个字节`);

/** Friend request reason typed by the user: at most 15 characters. */
export const applyReasonSchema = z
  .string(required('申请理由'))
  .trim()
  .max(256, `申请理由不能超过${Limits.friendApplyReason}个字符`)
  .refine(
    (s) => charLength(s) <= Limits.friendApplyReason,
    `申请理由不能超过${Limits.friendApplyReason}个字符`,
  );

const page = (max: number, fallback: number) => ({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(max, `pageSize不能超过${max}`).default(fallback),
});

/**
 * POST /api/userFriends/apply. `applySource` 1 search ID, 2 search phone, 3 scan, 4 shared card,
 * 5 group. With source 5 and no `applyInfo`, the server writes SPEC §5's default reason
 * '我是群聊“{groupName}”的{nickName}' from `groupName` and the applicant's nickname.
 */
export const applyFriendBody = z.object({
  applyWtId: wtIdRef('applyWtId'),
  applySource: z.literal([1, 2, 3, 4, 5]).default(1),
  applyInfo: applyReasonSchema.optional(),
  groupName: z
    .string()
    .trim()
    .max(Limits.groupName * 2, 'groupName过长')
    .optional(),
});
export type ApplyFriendBody = z.infer<typeof applyFriendBody>;

/** POST /api/userFriends/apply/handle — `applyWtId` is the applicant; 1 accept, 2 reject. */
export const handleApplyBody = z.object({
  applyWtId: wtIdRef('applyWtId'),
  handleStatus: z.literal([1, 2]),
});
export type HandleApplyBody = z.infer<typeof handleApplyBody>;

/** POST /api/userFriends/applyList — `direction` 'in' (received, default) or 'out' (sent). */
export const applyListBody = z.object({
  ...page(FriendLimits.applyPageMax, FriendLimits.applyPageDefault),
  direction: z.enum(['in', 'out']).default('in'),
});
export type ApplyListBody = z.infer<typeof applyListBody>;

/** POST /api/userFriends/delete */
export const deleteFriendBody = z.object({ friendsWtId: wtIdRef('friendsWtId') });

/** POST /api/userFriends/update — set (or clear with '') the remark of a friend. */
export const updateRemarkBody = z.object({ friendsWtId: wtIdRef('friendsWtId'), remark: remarkSchema });
export type UpdateRemarkBody = z.infer<typeof updateRemarkBody>;

/** POST /api/userFriends/updateSpaceStatus — one or both flags (see SpaceStatus). */
export const updateSpaceStatusBody = z
  .object({
    friendsWtId: wtIdRef('friendsWtId'),
    friendsSpaceStatus: bit.optional(),
    mineSpaceStatus: bit.optional(),
  })
  .refine((b) => b.friendsSpaceStatus !== undefined || b.mineSpaceStatus !== undefined, {
    message: '请指定friendsSpaceStatus或mineSpaceStatus',
    path: ['friendsSpaceStatus'],
  });
export type UpdateSpaceStatusBody = z.infer<typeof updateSpaceStatusBody>;

/** POST /api/userFriends/list — the caller's friends, ordered by when they became friends. */
export const friendListBody = z.object({
  ...page(FriendLimits.friendPageMax, FriendLimits.friendPageMax),
  /** Optional substring filter on remark, nickname or wtId. */
  keyword: z.string().trim().max(64, 'keyword过长').optional(),
});
export type FriendListBody = z.infer<typeof friendListBody>;

/** POST /api/user/friendBlack/add and /user/friendBlack/deleteByUserId */
export const blackBody = z.object({ friendWtId: wtIdRef('friendWtId') });

/** POST /api/user/friendBlack/list */
export const blackListBody = z.object({ ...page(FriendLimits.blackPageMax, FriendLimits.blackPageDefault) });

/** POST /api/user/friendInfo — `searchId` is a wtId (or a phone number). */
export const friendInfoBody = z.object({ searchId: wtIdRef('searchId') });

/** The three friend notices of SPEC §3 custom message data types. */
export const friendCustomTypes = [
  CustomMsgType.addFriend,
  CustomMsgType.addBlack,
  CustomMsgType.deleteFriend,
] as const;
export type FriendCustomType = (typeof friendCustomTypes)[number];

/** POST /api/user/sendCustomMessage — `fromWtId` must be the caller. */
export const sendCustomMessageBody = z.object({
  fromWtId: wtIdRef('fromWtId'),
  toWtId: wtIdRef('toWtId'),
  type: z.enum(friendCustomTypes),
});
export type SendCustomMessageBody = z.infer<typeof sendCustomMessageBody>;

/** A friend application as SPEC §3 names it, seen by the caller. */
export interface FriendApplication {
  id: number;
  /** The other party's wtId: the applicant for 'in', the target for 'out'. */
  userID: string;
  applyWtId: string;
  nick: string;
  avatar: string;
  status: FriendApplyStatus;
  source: ApplySource;
  /** The reason (applyInfo). */
  wording: string;
  direction: 'in' | 'out';
  /** 1 once the target marked it read ('in' only; 'out' is always 1). */
  isRead: 0 | 1;
  createTime: number;
  /** Last (re-)application or handling time, unix ms. */
  updateTime: number;
}

/** Answer of POST /api/userFriends/apply: the application; status 1 when it matched theirs. */
export type ApplyFriendResult = FriendApplication;

/** One row of the friend list, and the payload of friend.added / friend.updated. */
export interface FriendItem {
  userID: string;
  wtId: string;
  nickName: string;
  avatar: string;
  bio: string;
  remark: string;
  tagIds: number[];
  tagNameList: string[];
  ownerBlackStatus: 0 | 1;
  friendsSpaceStatus: 0 | 1;
  mineSpaceStatus: 0 | 1;
  applySource: ApplySource;
  /** 1 when the friend's account is cancelled. */
  actionStatus: 0 | 1;
  isOfficial: 0 | 1;
  /** When the friendship started, unix ms. */
  createTime: number;
}

/** One row of the blacklist. */
export interface BlackItem {
  userID: string;
  wtId: string;
  nickName: string;
  avatar: string;
  /** The remark if the user is still a friend. */
  remark: string;
  isFriend: 0 | 1;
  createTime: number;
}

/** Answer of POST /api/user/friendInfo (SPEC §3 Friend info + Profile). */
export interface FriendInfo {
  wtId: string;
  userID: string;
  remark: string;
  /** 1 = account cancelled or profile not found (the other fields are then empty). */
  actionStatus: 0 | 1;
  /** 1 = the caller blacklisted this user. */
  ownerBlackStatus: 0 | 1;
  friendsSpaceStatus: 0 | 1;
  mineSpaceStatus: 0 | 1;
  tagNameList: string[];
  tagIds: number[];
  nickName: string;
  avatar: string;
  bio: string;
  friendsStatus: FriendsStatus;
  /** Groups both are in; 0 until the groups module exists. */
  commonGroupCount: number;
  /** Friends: how the friendship started. Others: 1 when searchId matched the wtId, 2 the phone. */
  applySource: ApplySource | null;
  isOfficial: 0 | 1;
}

/** Answer of POST /api/userFriends/delete: `deleted` false when you were no longer friends. */
export interface DeleteFriendResult {
  friendsWtId: string;
  deleted: boolean;
}

/** Answer of POST /api/user/friendBlack/add and deleteByUserId. */
export interface BlackStatusResult {
  friendWtId: string;
  ownerBlackStatus: 0 | 1;
}

/** Answer of GET /api/userFriends/apply/unreadCount and POST /userFriends/apply/read. */
export interface FriendApplyUnread {
  count: number;
}

/**
 * A friend notice (SPEC custom message CustomMsg_Type_*), answered by POST /api/user/sendCustomMessage
 * and pushed as `message.custom` to both users. Not yet stored in the conversation (messaging issue).
 */
export interface CustomNotice {
  id: string;
  type: FriendCustomType;
  fromWtId: string;
  toWtId: string;
  /** Unix ms. Each side files it under its C2C conversation with the other (C2C + the other's wtId). */
  time: number;
}
