import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupLimits, type GroupApplication, type GroupInfo, type Page } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriendAll, createGroup, must, newUser, post } from '../groups/helpers.js';
import { fillMembers, fillUsers } from './fill.js';

// A group holds at most GroupLimits.maxMembers (100,000) members. The members but the last few are
// rows inserted straight into the database (fill.ts); the last places are taken through the API.
const G = '/user/groupchat';
const FULL = { status: 409, code: 22010, msg: '群成员人数已达上限' };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const memberCount = async (viewer: Parameters<typeof must>[1], groupNumber: string) =>
  (await must<GroupInfo>(t, viewer, `${G}/getInfoById`, { groupNumber })).memberCount;

describe(`group size (${GroupLimits.maxMembers}, 22010)`, () => {
  it('takes members up to the limit, then refuses an invitation, a join and an approval', async () => {
    const owner = await newUser(t, 'big_owner');
    const g = await createGroup(t, owner, []);
    const n = g.groupNumber;
    // An application filed while there is room; it is approved after the group filled up.
    const applicant = await newUser(t, 'big_apply');
    await must(t, owner, `${G}/edit`, { groupNumber: n, confirminviteSwitch: 1 });
    await must(t, applicant, `${G}/member/activeJoin`, { groupNumber: n });
    await must(t, owner, `${G}/edit`, { groupNumber: n, confirminviteSwitch: 0 });

    const prefix = await fillUsers(t, GroupLimits.maxMembers - 3);
    expect(await fillMembers(t, n, prefix)).toBe(GroupLimits.maxMembers - 2);

    // Two places left: an invitation of three is refused whole, one of two fills the group.
    const [x, y, z] = [await newUser(t, 'big_x'), await newUser(t, 'big_y'), await newUser(t, 'big_z')];
    await befriendAll(t, owner, [x, y, z]);
    const invite = (wtIds: string[]) =>
      post<{ joined: string[] }>(t, owner, `${G}/member/batchInvite`, { groupNumber: n, wtIds });
    expect(await invite([x.wtId, y.wtId, z.wtId])).toMatchObject(FULL);
    expect(await memberCount(owner, n)).toBe(GroupLimits.maxMembers - 2);
    const filled = await invite([x.wtId, y.wtId]);
    expect(filled).toMatchObject({ code: 200, data: { joined: [x.wtId, y.wtId] } });
    expect(await memberCount(owner, n)).toBe(GroupLimits.maxMembers);

    // Full: another invitation, a join by search, the approval of the waiting application.
    expect(await invite([z.wtId])).toMatchObject(FULL);
    expect(await post(t, z, `${G}/member/activeJoin`, { groupNumber: n })).toMatchObject(FULL);
    const list = await must<Page<GroupApplication>>(t, owner, '/user/groupNotice/joinApplyList', {});
    const pending = list.rows.find((r) => r.userID === applicant.wtId)!;
    expect(await post(t, owner, `${G}/member/audit`, { id: pending.id, auditStatus: 1 })).toMatchObject(FULL);
    expect(await memberCount(owner, n)).toBe(GroupLimits.maxMembers);
    // The refused approval left the application waiting.
    const again = await must<Page<GroupApplication>>(t, owner, '/user/groupNotice/joinApplyList', {});
    expect(again.rows.find((r) => r.id === pending.id)?.status).toBe(0);

    // One leaves: the approval goes through.
    await must(t, x, `${G}/member/quit`, { groupNumber: n });
    expect((await post(t, owner, `${G}/member/audit`, { id: pending.id, auditStatus: 1 })).code).toBe(200);
    expect(await memberCount(owner, n)).toBe(GroupLimits.maxMembers);
  }, 120_000);
});
