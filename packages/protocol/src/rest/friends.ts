import { z } from 'zod';
import { Limits } from '../constants.js';
import { friendCustomTypes } from '../models/friends.js';
import { intEnum, intField, textField } from '../fields.js';
import { wtIdRef } from './common.js';

/** Declared in common.ts (every domain names users this way); kept importable from here. */
export { wtIdRef };

/**
 * Friends: applications, the friend list, remarks, moments visibility, blacklist, profiles and
 * custom notices.
 * Every user is named by wtId (fields `userID`, `wtId`, `*WtId`); internal ids never leave the server.
 */

// Schema-free constants live in friend-constants.ts (exported from the package index) so client code
// can import them without zod.
import { FriendLimits } from '../friend-constants.js';

const bit = (label: string) => intEnum(label, [0, 1]);

/** Remark: at most 16 characters and 96 UTF-8 bytes; empty clears it. */
export const remarkSchema = textField('备注', { max: Limits.remark, maxBytes: Limits.remarkBytes });

/** Friend request reason typed by the user: at most 15 characters. */
export const applyReasonSchema = textField('申请理由', { max: Limits.friendApplyReason, maxUnits: 256 });

const page = (max: number, fallback: number) => ({
  pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
  pageSize: intField('pageSize', { min: 1, max }).default(fallback),
});

/**
 * POST /api/userFriends/apply. `applySource` 1 search ID, 2 search phone, 3 scan, 4 shared card,
 * 5 group. With source 5 and no `applyInfo`, the server writes the default reason
 * '我是群聊“{groupName}”的{nickName}' from `groupName` and the applicant's nickname.
 */
export const applyFriendBody = z.object({
  applyWtId: wtIdRef('applyWtId'),
  applySource: intEnum('applySource', [1, 2, 3, 4, 5]).default(1),
  applyInfo: applyReasonSchema.optional(),
  groupName: textField('groupName', {
    max: Limits.groupName * 2,
    maxUnits: 128,
    tooLong: 'groupName过长',
  }).optional(),
});
export type ApplyFriendBody = z.infer<typeof applyFriendBody>;

/** POST /api/userFriends/apply/handle — `applyWtId` is the applicant; 1 accept, 2 reject. */
export const handleApplyBody = z.object({
  applyWtId: wtIdRef('applyWtId'),
  handleStatus: intEnum('handleStatus', [1, 2]),
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
    friendsSpaceStatus: bit('friendsSpaceStatus').optional(),
    mineSpaceStatus: bit('mineSpaceStatus').optional(),
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
  keyword: textField('keyword', { max: 64, tooLong: 'keyword过长' }).optional(),
});
export type FriendListBody = z.infer<typeof friendListBody>;

/** POST /api/user/friendBlack/add and /user/friendBlack/deleteByUserId */
export const blackBody = z.object({ friendWtId: wtIdRef('friendWtId') });

/** POST /api/user/friendBlack/list */
export const blackListBody = z.object({ ...page(FriendLimits.blackPageMax, FriendLimits.blackPageDefault) });

/** POST /api/user/friendInfo — `searchId` is a wtId (or a phone number). */
export const friendInfoBody = z.object({ searchId: wtIdRef('searchId') });

/** POST /api/user/sendCustomMessage — `fromWtId` must be the caller. */
export const sendCustomMessageBody = z.object({
  fromWtId: wtIdRef('fromWtId'),
  toWtId: wtIdRef('toWtId'),
  type: z.enum(friendCustomTypes),
});
export type SendCustomMessageBody = z.infer<typeof sendCustomMessageBody>;
