import { Errors, type ErrorDef } from '@parley/protocol';
import type { TestUser } from '../helpers.js';

/**
 * The table of authorization.test.ts: each group endpoint, the body it is called with on a fixture
 * group, and what each role gets.
 */
export type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'blacklisted' | 'removed';
export const ROLES: Role[] = ['owner', 'admin', 'member', 'outsider', 'blacklisted', 'removed'];

export interface Fixture {
  groupNumber: string;
  users: Record<Role, TestUser>;
  target: TestUser;
  guest: TestUser;
  /** A pending join application (of `applicant`) to the group. */
  applyId: number;
  /** A message `target` sent to the group. */
  messageID: string;
}

/** Allowed; otherwise the refusal of the catalogue the role gets (its status, code and text). */
export const OK = 'ok';
const NO = Errors.forbidden;
export type Answer = typeof OK | ErrorDef;
const MEMBERS = { owner: OK, admin: OK, member: OK, outsider: NO, blacklisted: NO, removed: NO } as const;
const MANAGERS = { ...MEMBERS, member: NO };
const OWNER = { ...MANAGERS, admin: NO };
const IN = Errors.alreadyInGroup;
const ANYONE = { owner: OK, admin: OK, member: OK, outsider: OK, blacklisted: OK, removed: OK } as const;

type Expect = Record<Role, Answer>;
/**
 * The row's call changes what other calls answer (members, roles, blacklist, settings, applications,
 * revokes): each role allowed to make it makes it on a group of its own.
 */
const CHANGES = true;
export const matrix: Array<[string, string, (f: Fixture) => Record<string, unknown>, Expect, boolean?]> = [
  ['getInfoById', '/user/groupchat/getInfoById', (f) => ({ groupNumber: f.groupNumber }), MEMBERS],
  ['member/list', '/user/groupchat/member/list', (f) => ({ groupNumber: f.groupNumber }), MEMBERS],
  [
    'member/oneInfo',
    '/user/groupchat/member/oneInfo',
    (f) => ({ groupNumber: f.groupNumber, wtId: f.target.wtId }),
    MEMBERS,
  ],
  [
    'member/editGroup',
    '/user/groupchat/member/editGroup',
    (f) => ({ groupNumber: f.groupNumber, groupNickname: '小名' }),
    MEMBERS,
  ],
  [
    'member/setTop',
    '/user/groupchat/member/setTop',
    (f) => ({ groupNumber: f.groupNumber, topStatus: 1 }),
    MEMBERS,
  ],
  [
    'position/managerList',
    '/user/groupchat/member/position/managerList',
    (f) => ({ groupNumber: f.groupNumber }),
    MEMBERS,
  ],
  [
    'position/mutedList',
    '/user/groupchat/member/position/mutedList',
    (f) => ({ groupNumber: f.groupNumber }),
    MEMBERS,
  ],
  [
    'position/addList',
    '/user/groupchat/member/position/addList',
    (f) => ({ groupNumber: f.groupNumber }),
    MEMBERS,
  ],
  [
    'member/batchInvite',
    '/user/groupchat/member/batchInvite',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.guest.wtId] }),
    MEMBERS,
    CHANGES,
  ],
  [
    'edit',
    '/user/groupchat/edit',
    (f) => ({ groupNumber: f.groupNumber, groupName: '新群名' }),
    MANAGERS,
    CHANGES,
  ],
  [
    'admin/setWelcomeMsg',
    '/user/groupchat/admin/setWelcomeMsg',
    (f) => ({ groupNumber: f.groupNumber, groupWelcomeMsg: '欢迎' }),
    MANAGERS,
    CHANGES,
  ],
  [
    'admin/joinLimit',
    '/user/groupchat/admin/joinLimit',
    (f) => ({ groupNumber: f.groupNumber, limitLevel: 5 }),
    MANAGERS,
    CHANGES,
  ],
  [
    'admin/getMutedList',
    '/user/groupchat/admin/getMutedList',
    (f) => ({ groupNumber: f.groupNumber }),
    MANAGERS,
  ],
  ['memberBlack/list', '/user/groupchat/memberBlack/list', (f) => ({ groupNumber: f.groupNumber }), MANAGERS],
  [
    'memberBlack/add',
    '/user/groupchat/memberBlack/add',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.target.wtId] }),
    MANAGERS,
    CHANGES,
  ],
  [
    'memberBlack/remove',
    '/user/groupchat/memberBlack/remove',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.users.blacklisted.wtId] }),
    MANAGERS,
    CHANGES,
  ],
  [
    'position/removeList',
    '/user/groupchat/member/position/removeList',
    (f) => ({ groupNumber: f.groupNumber }),
    MANAGERS,
  ],
  [
    'member/remove',
    '/user/groupchat/member/remove',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.target.wtId] }),
    MANAGERS,
    CHANGES,
  ],
  [
    'admin/batchMuted',
    '/user/groupchat/admin/batchMuted',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.target.wtId], muteTime: 600 }),
    MANAGERS,
    CHANGES,
  ],
  [
    'admin/addOrRemove',
    '/user/groupchat/admin/addOrRemove',
    (f) => ({ groupNumber: f.groupNumber, wtIds: [f.target.wtId], identity: 2 }),
    OWNER,
    CHANGES,
  ],
  [
    'transfer',
    '/user/groupchat/transfer',
    (f) => ({ groupNumber: f.groupNumber, wtId: f.target.wtId }),
    OWNER,
    CHANGES,
  ],
  ['remove (dissolve)', '/user/groupchat/remove', (f) => ({ groupNumber: f.groupNumber }), OWNER, CHANGES],
  [
    'member/quit',
    '/user/groupchat/member/quit',
    (f) => ({ groupNumber: f.groupNumber }),
    { ...MEMBERS, owner: NO },
    CHANGES,
  ],
  [
    'member/activeJoin',
    '/user/groupchat/member/activeJoin',
    (f) => ({ groupNumber: f.groupNumber, joinType: 3 }),
    { owner: IN, admin: IN, member: IN, outsider: OK, blacklisted: Errors.groupBlacklisted, removed: OK },
    CHANGES,
  ],
  [
    'member/audit',
    '/user/groupchat/member/audit',
    (f) => ({ id: f.applyId, auditStatus: 2 }),
    MANAGERS,
    CHANGES,
  ],
  // The caller's own lists and creating a group: anyone signed in (what they list is checked below).
  ['add', '/user/groupchat/add', () => ({ groupName: '另一个群', wtIds: [] }), ANYONE],
  ['listByName', '/user/groupchat/listByName', () => ({ groupNickname: '' }), ANYONE],
  ['commonList', '/user/groupchat/commonList', (f) => ({ wtId: f.target.wtId }), ANYONE],
  ['groupNotice/joinApplyList', '/user/groupNotice/joinApplyList', () => ({}), ANYONE],
  ['groupNotice/myApplyList', '/user/groupNotice/myApplyList', () => ({}), ANYONE],
  ['groupNotice/othersList', '/user/groupNotice/othersList', () => ({}), ANYONE],
  // Group messaging (docs/api.md "Group messaging"): current members send; who ever belonged reads
  // their history up to leaving; managers revoke all of a member's messages; only the sender asks
  // for a message's receipts.
  [
    'message/send',
    '/message/send',
    (f) => ({
      conversationID: `GROUP${f.groupNumber}`,
      clientMsgId: `x-${f.groupNumber}`,
      type: 'text',
      payload: { text: '你好' },
    }),
    MEMBERS,
  ],
  [
    'message/history',
    '/message/history',
    (f) => ({ conversationID: `GROUP${f.groupNumber}` }),
    { ...MEMBERS, blacklisted: OK, removed: OK },
  ],
  [
    'admin/revokeAll',
    '/user/groupchat/admin/revokeAll',
    (f) => ({ groupNumber: f.groupNumber, wtId: f.target.wtId, seq: 1000 }),
    MANAGERS,
    CHANGES,
  ],
  [
    'message/readReceipts',
    '/message/readReceipts',
    (f) => ({ conversationID: `GROUP${f.groupNumber}`, messageIDs: [f.messageID] }),
    { owner: NO, admin: NO, member: NO, outsider: NO, blacklisted: NO, removed: NO },
  ],
  [
    'member/joinVerify',
    '/user/groupchat/member/joinVerify',
    (f) => ({ groupNumber: f.groupNumber }),
    { owner: OK, admin: OK, member: OK, outsider: OK, blacklisted: OK, removed: OK },
  ],
  [
    'getCardInfoById',
    '/user/groupchat/getCardInfoById',
    (f) => ({ groupNumber: f.groupNumber }),
    { owner: OK, admin: OK, member: OK, outsider: OK, blacklisted: OK, removed: OK },
  ],
];
