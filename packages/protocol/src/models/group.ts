import { z } from 'zod';
import { bit } from './common.js';
import { tipPersonSchema } from './custom-payloads.js';

/**
 * Groups as the API answers them (docs/api.md "Groups"). A group is named by its public
 * `groupNumber`; members by wtId. Identity: 1 member, 2 admin, 3 owner.
 */
export const groupIdentity = z.literal([1, 2, 3]);

/**
 * What the caller may do to one member, decided by the server's group rules: remove, mute or
 * blacklist them and revoke their messages. Clients show exactly these actions.
 */
export const memberCanSchema = z.object({ manage: z.boolean() });
export type MemberCan = z.infer<typeof memberCanSchema>;

/** One member of a group as another member sees it. */
export const groupMemberSchema = z.object({
  userID: z.string(),
  userId: z.string(),
  wtId: z.string(),
  nickname: z.string(),
  groupNickname: z.string(),
  avatar: z.string(),
  identity: groupIdentity,
  /** Muted until this unix time in seconds (0: not muted). */
  muteUntil: z.number(),
  /** 1 scan, 2 invite, 3 search group ID (0: creator). */
  joinType: z.number(),
  inviterUserName: z.string(),
  createTime: z.number(),
  lastSendMsgTime: z.number(),
  can: memberCanSchema,
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** The caller's own member settings. */
export const selfMemberSchema = z.object({
  userId: z.string(),
  identity: groupIdentity,
  groupNickname: z.string(),
  groupNameRemark: z.string(),
  topStatus: bit,
  muteUntil: z.number(),
});

/**
 * What the caller may do in the group, decided by the server's group rules (clients never derive
 * it from identities): `manage` edit the profile and switches, handle applications, see the
 * blacklist and mutes; `own` dissolve, transfer, set admins; `invite`; `quit` (everyone but the
 * owner); `mentionAll` @all.
 */
export const groupCanSchema = z.object({
  manage: z.boolean(),
  own: z.boolean(),
  invite: z.boolean(),
  quit: z.boolean(),
  mentionAll: z.boolean(),
});
export type GroupCan = z.infer<typeof groupCanSchema>;

/** A group as a member sees it (getInfoById, add, list rows). */
export const groupInfoSchema = z.object({
  groupID: z.string(),
  groupNumber: z.string(),
  name: z.string(),
  groupName: z.string(),
  avatar: z.string(),
  groupNotice: z.string(),
  groupWelcomeMsg: z.string(),
  /** What the group's QR code encodes (the /h5 join link path). */
  qrcode: z.string(),
  memberCount: z.number(),
  groupMemberCount: z.number(),
  /** Join level limit (0: none). */
  limitLevel: z.number(),
  /** 2 not public, 0 join freely, 1 admin approval. */
  confirminviteSwitch: z.literal([0, 1, 2]),
  /** 2 members cannot invite, 0 invite freely, 1 invites need admin approval. */
  inviteSwitch: z.literal([0, 1, 2]),
  memberProtectSwitch: bit,
  /** 1: everyone but the owner and admins is muted. */
  bannedSwitch: bit,
  ownerWtId: z.string(),
  /** The first members (owner, admins, then by join time) for the panel preview. */
  groupchatMemberList: z.array(groupMemberSchema),
  selfMember: selfMemberSchema,
  createTime: z.number(),
  can: groupCanSchema,
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;

/** The public card of a group (search by number, QR join page): no member data. */
export const groupCardSchema = z.object({
  groupNumber: z.string(),
  name: z.string(),
  avatar: z.string(),
  memberCount: z.number(),
  limitLevel: z.number(),
  confirminviteSwitch: z.literal([0, 1, 2]),
  /** 1 when the caller is already a member. */
  isMember: bit,
});
export type GroupCard = z.infer<typeof groupCardSchema>;

/** A join application (or an invitation awaiting approval). status 0 pending, 1 agreed, 2 rejected. */
export const groupApplicationSchema = z.object({
  id: z.number(),
  groupID: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  /** The applicant (or the invited user). */
  userID: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** 0: the applicant applied; otherwise the wtId of the member who invited them. */
  applicationType: z.string(),
  joinType: z.number(),
  applyMessage: z.string(),
  status: z.literal([0, 1, 2]),
  handlerName: z.string(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type GroupApplication = z.infer<typeof groupApplicationSchema>;

/** A notice to the caller about a group (invited, removed, role changed, disbanded). */
export const groupNoticeSchema = z.object({
  id: z.number(),
  groupNumber: z.string(),
  groupName: z.string(),
  groupAvatar: z.string(),
  /** invited | removed | admin | unadmin | owner | dissolved | muted | unmuted */
  kind: z.string(),
  operatorName: z.string(),
  createTime: z.number(),
});
export type GroupNotice = z.infer<typeof groupNoticeSchema>;

/** A blacklisted user of a group. */
export const groupBlackItemSchema = z.object({
  userID: z.string(),
  wtId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  createTime: z.number(),
});
export type GroupBlackItem = z.infer<typeof groupBlackItemSchema>;

/** A friend as a candidate for invitation (member/position/addList). */
export const groupCandidateSchema = z.object({
  userID: z.string(),
  wtId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** 1: already in the group. */
  inGroup: bit,
});

export const joinResultSchema = z.object({
  groupNumber: z.string(),
  /** 1 joined now, 0 waiting for approval. */
  joined: bit,
});

export const joinVerifySchema = z.object({
  groupNumber: z.string(),
  /** 1 the caller may join at once, 0 an admin must approve; `reason` set when refused. */
  needApproval: bit,
  canJoin: bit,
  reason: z.string(),
});

/** Socket type 5: a group the user belongs to (or just left) changed. */
export const groupChangedSchema = z.object({
  groupNumber: z.string(),
  /** What changed: info | members | roles | mute | removed | dissolved | quit | joined | self */
  change: z.string(),
});

/**
 * A group tip: what a group change says in the chat as a system notice. operationType: 1 joined,
 * 2 quit, 3 removed, 4 set admin, 5 cancel admin, 6 profile change, 7 mute (muteTime 0: unmuted),
 * 8 dissolved.
 */
export const groupTipSchema = z.object({
  operationType: z.literal([1, 2, 3, 4, 5, 6, 7, 8]),
  groupNumber: z.string(),
  operatorInfo: tipPersonSchema,
  memberList: z.array(tipPersonSchema),
  /** Mute length in seconds for 7 (0 = unmuted). */
  muteTime: z.number().optional(),
  /** The changed profile fields for 6 (name, notice, avatar, switches, ownerID). */
  newGroupProfile: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type GroupTip = z.infer<typeof groupTipSchema>;
