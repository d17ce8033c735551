import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { Errors, type ErrorDef, type GroupApplication, type GroupInfo, type Page } from '@parley/protocol';
import { createGroup, must, newUser, post } from './helpers.js';

/**
 * The roles matrix: every group endpoint called by the owner, an admin, an ordinary member, a
 * non-member, a user on the group's blacklist and a removed member. Calls that change nothing another
 * call depends on share one group, built once; a call that changes the group gets a group of its own
 * for each role it is allowed to, and the refused roles share one more (a refusal changes nothing).
 */
type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'blacklisted' | 'removed';
const ROLES: Role[] = ['owner', 'admin', 'member', 'outsider', 'blacklisted', 'removed'];

interface Fixture {
  groupNumber: string;
  users: Record<Role, TestUser>;
  target: TestUser;
  guest: TestUser;
  /** A pending join application (of `applicant`) to the group. */
  applyId: number;
  /** A message `target` sent to the group. */
  messageID: string;
}

let t: TestServer;
let people: Record<Role | 'target' | 'guest' | 'applicant', TestUser>;
/** The group of the calls that change nothing another call depends on. */
let shared: Fixture;

async function fixture(): Promise<Fixture> {
  const { owner, admin, member, blacklisted, removed, target } = people;
  const g = await createGroup(t, owner, [admin, member, blacklisted, removed, target]);
  const groupNumber = g.groupNumber;
  await must(t, owner, '/user/groupchat/admin/addOrRemove', {
    groupNumber,
    wtIds: [admin.wtId],
    identity: 2,
  });
  await must(t, owner, '/user/groupchat/member/remove', { groupNumber, wtIds: [removed.wtId] });
  await must(t, owner, '/user/groupchat/memberBlack/add', { groupNumber, wtIds: [blacklisted.wtId] });
  await must(t, owner, '/user/groupchat/edit', { groupNumber, confirminviteSwitch: 1 });
  await must(t, people.applicant, '/user/groupchat/member/activeJoin', { groupNumber });
  const applies = await must<Page<GroupApplication>>(t, owner, '/user/groupNotice/joinApplyList', {
    pageSize: 100,
  });
  const applyId = applies.rows.find((a) => a.groupNumber === groupNumber)!.id;
  const sent = await must<{ ID: string }>(t, target, '/message/send', {
    conversationID: `GROUP${groupNumber}`,
    clientMsgId: `m-${groupNumber}`,
    type: 'text',
    payload: { text: '大家好' },
  });
  const users = Object.fromEntries(ROLES.map((r) => [r, people[r]])) as Record<Role, TestUser>;
  return { groupNumber, users, target, guest: people.guest, applyId, messageID: sent.ID };
}

/** Allowed; otherwise the refusal of the catalogue the role gets (its status, code and text). */
const OK = 'ok';
const NO = Errors.forbidden;
type Answer = typeof OK | ErrorDef;
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
const matrix: Array<[string, string, (f: Fixture) => Record<string, unknown>, Expect, boolean?]> = [
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

beforeAll(async () => {
  t = await startTestServer();
  const names = [
    'owner',
    'admin',
    'member',
    'outsider',
    'blacklisted',
    'removed',
    'target',
    'guest',
    'applicant',
  ] as const;
  const users = await Promise.all(names.map((n) => newUser(t, `g${n.slice(0, 6)}`, n)));
  people = Object.fromEntries(names.map((n, i) => [n, users[i]!])) as typeof people;
  shared = await fixture();
});
afterAll(() => t?.close());

describe('group endpoints by role', () => {
  const shown = (a: Answer) => (a === OK ? '200' : `${a.status} ${a.code} ${a.msg}`);
  for (const [name, url, body, expected, changes] of matrix) {
    it(`${name}: ${ROLES.map((r) => `${r} ${expected[r] === OK ? 200 : expected[r].code}`).join(', ')}`, async () => {
      // Built side by side; the calls then go one after the other.
      const own = (role: Role) => changes && expected[role] === OK;
      const [refused, ...groups] = await Promise.all([
        changes ? fixture() : shared,
        ...ROLES.map((role) => (own(role) ? fixture() : undefined)),
      ]);
      const got: Partial<Record<Role, string>> = {};
      for (const [i, role] of ROLES.entries()) {
        const f = groups[i] ?? refused!;
        const res = await post(t, f.users[role], url, body(f));
        got[role] = res.status === 200 && res.code === 200 ? '200' : `${res.status} ${res.code} ${res.msg}`;
      }
      expect(got).toEqual(Object.fromEntries(ROLES.map((r) => [r, shown(expected[r])])));
    });
  }

  it('own lists show the group and its applications only to those entitled', async () => {
    const f = shared;
    const n = f.groupNumber;
    for (const role of ROLES) {
      const u = f.users[role];
      const inGroup = role === 'owner' || role === 'admin' || role === 'member';
      const mine = (await fetch(`${t.baseUrl}/api/user/groupchat/list`, {
        headers: { authorization: `Bearer ${u.token}` },
      }).then((r) => r.json())) as { data: GroupInfo[] };
      expect([role, mine.data.some((g) => g.groupNumber === n)]).toEqual([role, inGroup]);
      const byName = await must<GroupInfo[]>(t, u, '/user/groupchat/listByName', { groupNickname: '' });
      expect([role, byName.some((g) => g.groupNumber === n)]).toEqual([role, inGroup]);
      const common = await must<GroupInfo[]>(t, u, '/user/groupchat/commonList', { wtId: f.target.wtId });
      expect([role, common.some((g) => g.groupNumber === n)]).toEqual([role, inGroup]);
      const applies = await must<Page<GroupApplication>>(t, u, '/user/groupNotice/joinApplyList', {
        pageSize: 100,
      });
      const manages = role === 'owner' || role === 'admin';
      expect([role, applies.rows.some((a) => a.id === f.applyId)]).toEqual([role, manages]);
    }
  });

  it('sending: a muted member 10017 您已被禁言; under mute-all members 10017 全员禁言中, the admin and the owner speak', async () => {
    const f = await fixture();
    const send = (u: TestUser, text: string) =>
      post(t, u, '/message/send', {
        conversationID: `GROUP${f.groupNumber}`,
        clientMsgId: `s-${u.wtId}-${text.length}-${Math.random().toString(36).slice(2)}`,
        type: 'text',
        payload: { text },
      });
    const { owner, admin, member } = f.users;
    await must(t, admin, '/user/groupchat/admin/batchMuted', {
      groupNumber: f.groupNumber,
      wtIds: [member.wtId],
      muteTime: 600,
    });
    const muted = await send(member, '我被禁言了吗');
    expect([muted.status, muted.code, muted.msg]).toEqual([403, 10017, '您已被禁言']);
    expect((await send(f.target, '我没有')).code).toBe(200);
    await must(t, owner, '/user/groupchat/admin/batchMuted', {
      groupNumber: f.groupNumber,
      wtIds: [member.wtId],
      muteTime: 0,
    });
    expect((await send(member, '解除了')).code).toBe(200);

    await must(t, owner, '/user/groupchat/edit', { groupNumber: f.groupNumber, bannedSwitch: 1 });
    for (const u of [member, f.target]) {
      const r = await send(u, '全员禁言');
      expect([r.status, r.code, r.msg]).toEqual([403, 10017, '全员禁言中']);
    }
    expect((await send(admin, '管理员发言')).code).toBe(200);
    expect((await send(owner, '群主发言')).code).toBe(200);
  });

  it('an unknown group answers 22001 群聊不存在 and nobody reads it', async () => {
    const res = await post(t, people.owner, '/user/groupchat/getInfoById', { groupNumber: '00000000' });
    expect([res.status, res.code, res.msg]).toEqual([404, 22001, '群聊不存在']);
  });

  it('an admin cannot remove, mute or blacklist the owner or another admin; the owner can remove an admin', async () => {
    const f = await fixture();
    const { owner, admin } = f.users;
    await must(t, owner, '/user/groupchat/admin/addOrRemove', {
      groupNumber: f.groupNumber,
      wtIds: [f.target.wtId],
      identity: 2,
    });
    for (const wtId of [owner.wtId, f.target.wtId]) {
      for (const url of ['/user/groupchat/member/remove', '/user/groupchat/memberBlack/add']) {
        const res = await post(t, admin, url, { groupNumber: f.groupNumber, wtIds: [wtId] });
        expect([res.status, res.code, res.msg]).toEqual([403, 403, '当前操作没有权限']);
      }
      const mute = await post(t, admin, '/user/groupchat/admin/batchMuted', {
        groupNumber: f.groupNumber,
        wtIds: [wtId],
        muteTime: 60,
      });
      expect([mute.status, mute.code, mute.msg]).toEqual([403, 403, '当前操作没有权限']);
    }
    const ok = await post(t, owner, '/user/groupchat/member/remove', {
      groupNumber: f.groupNumber,
      wtIds: [f.target.wtId],
    });
    expect(ok.code).toBe(200);
    const info = await must<{ memberCount: number }>(t, owner, '/user/groupchat/getInfoById', {
      groupNumber: f.groupNumber,
    });
    expect(info.memberCount).toBe(3); // owner, admin, member (removed and blacklisted are out)
  });
});
