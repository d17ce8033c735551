import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counters, GroupApplication, GroupNotice, Page } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { createGroup, must, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const G = '/user/groupchat';
const counters = async (u: TestUser) =>
  (await api<Counters>(t, 'GET', '/user/counters', { token: u.token })).data;

describe('the group notice counters: unread until page 1 of the list is read', () => {
  it('an added, then removed member has one unread notice each time (otherUnRead) until othersList page 1 is read', async () => {
    const owner = await newUser(t, 'nco');
    const member = await newUser(t, 'ncm');
    const g = await createGroup(t, owner, [member]);
    // Being added is a notice too; reading page 1 clears it.
    expect((await counters(member)).otherUnRead).toBe(1);
    const added = await must<Page<GroupNotice>>(t, member, '/user/groupNotice/othersList', {});
    expect(added.rows[0]).toMatchObject({ groupNumber: g.groupNumber, kind: 'invited' });
    expect((await counters(member)).otherUnRead).toBe(0);
    await must(t, owner, `${G}/member/remove`, { groupNumber: g.groupNumber, wtIds: [member.wtId] });
    expect((await counters(member)).otherUnRead).toBe(1);
    const list = await must<Page<GroupNotice>>(t, member, '/user/groupNotice/othersList', {});
    expect(list.rows[0]).toMatchObject({ groupNumber: g.groupNumber, kind: 'removed' });
    expect((await counters(member)).otherUnRead).toBe(0);
    expect((await counters(owner)).otherUnRead).toBe(0);
  });

  it("an applicant's approved application is unread (selfApplyUnRead) until myApplyList page 1 is read", async () => {
    const owner = await newUser(t, 'nca');
    const applicant = await newUser(t, 'ncb');
    const g = await createGroup(t, owner, []);
    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, confirminviteSwitch: 1 });
    const pending = await post<{ joined: number }>(t, applicant, `${G}/member/activeJoin`, {
      groupNumber: g.groupNumber,
    });
    expect(pending.data.joined).toBe(0);
    const waiting = await must<Page<GroupApplication>>(t, owner, '/user/groupNotice/joinApplyList', {});
    await must(t, owner, `${G}/member/audit`, { id: waiting.rows[0]!.id, auditStatus: 1 });
    expect((await counters(applicant)).selfApplyUnRead).toBe(1);
    // Page 2 does not count as reading them.
    await must(t, applicant, '/user/groupNotice/myApplyList', { pageNum: 2, pageSize: 20 });
    expect((await counters(applicant)).selfApplyUnRead).toBe(1);
    const mine = await must<Page<GroupApplication>>(t, applicant, '/user/groupNotice/myApplyList', {});
    expect(mine.rows[0]).toMatchObject({ status: 1 });
    expect((await counters(applicant)).selfApplyUnRead).toBe(0);
  });
});
