import { z } from 'zod';
import { Limits, Paging } from '../constants.js';
import { intEnum, intField, listField, textField } from '../fields.js';

/** Request bodies of the /user/groupchat and /user/groupNotice routes (docs/api.md "Groups"). */

export const GroupLimits = {
  /** Members named in one invite / remove / mute / admin call. */
  maxWtIdsPerCall: 500,
  /** Members a group may hold. */
  maxMembers: 100_000,
  memberPageMax: 100,
  /** Longest mute: 30 days, in seconds. */
  maxMuteSeconds: 30 * 24 * 3600,
} as const;

const wtId = (label: string) => textField(label, { max: 64, min: 1, tooLong: `${label}过长` });
export const groupNumberField = textField('groupNumber', {
  max: 20,
  min: 1,
  tooLong: 'groupNumber格式不正确',
});
const wtIds = (label = 'wtIds') =>
  listField(label, wtId(label), GroupLimits.maxWtIdsPerCall, `${label}最多${GroupLimits.maxWtIdsPerCall}个`);

export const groupNameField = textField('群名称', {
  max: Limits.groupName,
  min: 1,
  maxUnits: 64,
  tooLong: `群名称不能超过${Limits.groupName}个字符`,
});
export const groupNoticeField = textField('群公告', {
  max: Limits.groupNoticeChat,
  maxUnits: Limits.groupNoticeChat * 4,
  multiline: true,
  tooLong: `群公告不能超过${Limits.groupNoticeChat}个字符`,
});
const avatarField = textField('groupAvatar', { max: 512, tooLong: 'groupAvatar过长' });

const pageFields = {
  pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
  pageSize: intField('pageSize', { min: 1, max: GroupLimits.memberPageMax }).default(Paging.groupNotices),
};

export const groupRef = z.object({ groupNumber: groupNumberField });

export const createGroupBody = z.object({
  groupName: groupNameField,
  groupNotice: groupNoticeField.optional(),
  groupAvatar: avatarField.optional(),
  wtIds: wtIds().default([]),
});
export type CreateGroupBody = z.input<typeof createGroupBody>;

export const memberListBody = z.object({
  groupNumber: groupNumberField,
  pageNum: pageFields.pageNum,
  pageSize: intField('pageSize', { min: 1, max: GroupLimits.memberPageMax }).default(Paging.memberFetch),
  keyword: textField('keyword', { max: 64 }).optional(),
});

export const groupWtIdsBody = z.object({ groupNumber: groupNumberField, wtIds: wtIds() });
export const groupWtIdBody = z.object({ groupNumber: groupNumberField, wtId: wtId('wtId') });

export const setAdminsBody = z.object({
  groupNumber: groupNumberField,
  wtIds: wtIds(),
  /** 2 make admins, 1 make ordinary members again. */
  identity: intEnum('identity', [1, 2]),
});

export const batchMutedBody = z.object({
  groupNumber: groupNumberField,
  wtIds: wtIds(),
  /** Seconds from now; 0 unmutes. */
  muteTime: intField('muteTime', { min: 0, max: GroupLimits.maxMuteSeconds }),
});

/** POST /user/groupchat/edit: any subset of the group's profile and switches (managers). */
export const editGroupBody = z.object({
  groupNumber: groupNumberField,
  groupName: groupNameField.optional(),
  groupAvatar: avatarField.optional(),
  groupNotice: groupNoticeField.optional(),
  inviteSwitch: intEnum('inviteSwitch', [0, 1, 2]).optional(),
  confirminviteSwitch: intEnum('confirminviteSwitch', [0, 1, 2]).optional(),
  memberProtectSwitch: intEnum('memberProtectSwitch', [0, 1]).optional(),
  bannedSwitch: intEnum('bannedSwitch', [0, 1]).optional(),
});
export type EditGroupBody = z.input<typeof editGroupBody>;

/** POST /user/groupchat/member/editGroup: the caller's own nickname in the group and remark of it. */
export const editSelfBody = z.object({
  groupNumber: groupNumberField,
  groupNickname: textField('群昵称', { max: Limits.nickName, maxUnits: 64 }).optional(),
  groupNameRemark: textField('群备注', { max: Limits.remark, maxUnits: 64 }).optional(),
});

export const welcomeBody = z.object({
  groupNumber: groupNumberField,
  groupWelcomeMsg: textField('入群欢迎语', {
    max: Limits.welcome,
    maxUnits: Limits.welcome * 4,
    multiline: true,
  }),
});

export const joinLimitBody = z.object({
  groupNumber: groupNumberField,
  /** 0 turns the limit off; otherwise 1–200. */
  limitLevel: intField('limitLevel', { min: 0, max: Limits.levelMax, tooLarge: '请输入1-200之间的整数' }),
});

export const activeJoinBody = z.object({
  groupNumber: groupNumberField,
  joinType: intEnum('joinType', [1, 3]).default(3),
  applyMessage: textField('applyMessage', { max: 50, maxUnits: 200 }).default(''),
});

export const setTopBody = z.object({
  groupNumber: groupNumberField,
  /** 1 pins; 0 (or 2, the pin/unpin reading "1 or 2") unpins. */
  topStatus: intEnum('topStatus', [0, 1, 2]),
});

export const auditBody = z.object({
  id: intField('id', { min: 1 }),
  /** 1 agree, 2 reject. */
  auditStatus: intEnum('auditStatus', [1, 2]),
});

export const listByNameBody = z.object({
  groupNickname: textField('groupNickname', { max: 64 }).default(''),
});
export const commonListBody = z.object({ wtId: wtId('wtId') });
export const noticePageBody = z.object({ ...pageFields });
export const pagedGroupBody = z.object({ groupNumber: groupNumberField, ...pageFields });
