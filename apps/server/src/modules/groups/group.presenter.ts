import type {
  GroupApplication,
  GroupBlackItem,
  GroupCard,
  GroupInfo,
  GroupInvitation,
  GroupMember,
  GroupNotice,
} from '@parley/protocol';
import { groupCan, memberCan, type GroupFacts } from '../../policies/groups.policy.js';
import { groupFacts } from './group.access.js';
import type { ApplicationView, NoticeView } from './group-extra.repo.js';
import type { InvitationView } from './invitation.repo.js';
import type { GroupRow, MemberRow, MemberView } from './group.repo.js';

/** Rows → the API's group shapes (docs/api.md "Groups"). Internal ids never leave the server. */
const identity = (n: number) => (n === 3 ? 3 : n === 2 ? 2 : 1) as 1 | 2 | 3;
const sw = (n: number) => (n === 1 ? 1 : n === 2 ? 2 : 0) as 0 | 1 | 2;
const bit = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;
/** Mutes are stored in ms and shown in seconds; a past mute is 0. */
const muteSeconds = (until: number, now: number) =>
  Number(until) > now ? Math.ceil(Number(until) / 1000) : 0;

/** Who a member row is shown to: the caller and the group facts its `can` flags are decided on. */
export interface Viewer {
  userId: number;
  facts: GroupFacts;
}

export function toMember(m: MemberView, now: number, viewer: Viewer): GroupMember {
  return {
    userID: m.wt_id,
    userId: m.wt_id,
    wtId: m.wt_id,
    nickname: m.nick_name,
    groupNickname: m.group_nickname,
    avatar: m.avatar,
    identity: identity(m.identity),
    muteUntil: muteSeconds(m.mute_until, now),
    joinType: Number(m.join_type),
    inviterUserName: m.inviter_name ?? '',
    createTime: Number(m.created_at),
    lastSendMsgTime: Number(m.last_send_at),
    can: memberCan(viewer.userId, viewer.facts, { userId: Number(m.user_id), identity: Number(m.identity) }),
  };
}

export const qrPath = (groupNumber: string) => `/h5/group/${groupNumber}`;

export function toGroupInfo(
  g: GroupRow,
  self: MemberRow,
  selfWtId: string,
  ownerWtId: string,
  preview: MemberView[],
  now: number,
): GroupInfo {
  const viewer: Viewer = { userId: Number(self.user_id), facts: groupFacts(g, self, now) };
  return {
    groupID: g.group_number,
    groupNumber: g.group_number,
    name: g.name,
    groupName: g.name,
    avatar: g.avatar,
    groupNotice: g.notice,
    groupWelcomeMsg: g.welcome,
    qrcode: qrPath(g.group_number),
    memberCount: Number(g.member_count),
    groupMemberCount: Number(g.member_count),
    limitLevel: Number(g.limit_level),
    confirminviteSwitch: sw(g.confirm_invite_switch),
    inviteSwitch: sw(g.invite_switch),
    memberProtectSwitch: bit(g.member_protect_switch),
    bannedSwitch: bit(g.banned_switch),
    ownerWtId,
    groupchatMemberList: preview.map((m) => toMember(m, now, viewer)),
    selfMember: {
      userId: selfWtId,
      identity: identity(self.identity),
      groupNickname: self.group_nickname,
      groupNameRemark: self.name_remark,
      topStatus: bit(self.top_status),
      muteUntil: muteSeconds(self.mute_until, now),
    },
    createTime: Number(g.created_at),
    can: groupCan(viewer.userId, viewer.facts),
  };
}

export function toCard(g: GroupRow, isMember: boolean): GroupCard {
  return {
    groupNumber: g.group_number,
    name: g.name,
    avatar: g.avatar,
    memberCount: Number(g.member_count),
    limitLevel: Number(g.limit_level),
    confirminviteSwitch: sw(g.confirm_invite_switch),
    isMember: isMember ? 1 : 0,
  };
}

export function toApplication(a: ApplicationView): GroupApplication {
  return {
    id: Number(a.id),
    groupID: a.group_number,
    groupNumber: a.group_number,
    groupName: a.group_name,
    groupAvatar: a.group_avatar,
    userID: a.wt_id,
    nickname: a.nick_name,
    avatar: a.avatar,
    applicationType: a.inviter_wt_id ?? '0',
    joinType: Number(a.join_type),
    applyMessage: a.message,
    status: (Number(a.status) === 1 ? 1 : Number(a.status) === 2 ? 2 : 0) as 0 | 1 | 2,
    handlerName: a.handler_name ?? '',
    createTime: Number(a.created_at),
    updateTime: Number(a.updated_at),
  };
}

export function toNotice(n: NoticeView): GroupNotice {
  return {
    id: Number(n.id),
    groupNumber: n.group_number,
    groupName: n.group_name,
    groupAvatar: n.group_avatar,
    kind: n.kind,
    operatorName: n.operator_name ?? '',
    createTime: Number(n.created_at),
  };
}

export function toBlackItem(b: {
  wt_id: string;
  nick_name: string;
  avatar: string;
  created_at: number;
}): GroupBlackItem {
  return {
    userID: b.wt_id,
    wtId: b.wt_id,
    nickname: b.nick_name,
    avatar: b.avatar,
    createTime: Number(b.created_at),
  };
}

/** A join invitation as its invited user sees it. */
export function toInvitation(v: InvitationView): GroupInvitation {
  return {
    id: Number(v.id),
    groupNumber: v.group_number,
    groupName: v.group_name,
    groupAvatar: v.group_avatar,
    inviterWtId: v.inviter_wt_id,
    inviterName: v.inviter_name,
    inviterAvatar: v.inviter_avatar,
    status: Number(v.status) as 0 | 1 | 2,
    createTime: Number(v.updated_at),
  };
}
