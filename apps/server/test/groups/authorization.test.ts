import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import type { GroupApplication, GroupInfo, Page } from '@parley/protocol';
import { matrix, OK, ROLES, type Answer, type Fixture, type Role } from './authorization-matrix.js';
import { createGroup, must, newUser, post } from './helpers.js';

/**
 * The roles matrix: every group endpoint called by the owner, an admin, an ordinary member, a
 * non-member, a user on the group's blacklist and a removed member. Calls that change nothing another
 * call depends on share one group, built once; a call that changes the group gets a group of its own
 * for each role it is allowed to, and the refused roles share one more (a refusal changes nothing).
 */
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
