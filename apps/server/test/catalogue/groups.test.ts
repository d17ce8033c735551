import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupApplication, Page } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { createGroup, must, newUser, post } from '../groups/helpers.js';

// The group codes of the catalogue, each through the API with its HTTP status, code and text.
const G = '/user/groupchat';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('group refusals', () => {
  it('22002: a member lookup, a transfer or a mute naming someone not in the group', async () => {
    const owner = await newUser(t, 'c2002o');
    const member = await newUser(t, 'c2002m');
    const outsider = await newUser(t, 'c2002x');
    const g = await createGroup(t, owner, [member]);
    const n = g.groupNumber;
    const notIn = { status: 404, code: 22002, msg: '该成员不在群聊中' };

    expect(
      (await must<{ wtId: string }>(t, owner, `${G}/member/oneInfo`, { groupNumber: n, wtId: member.wtId }))
        .wtId,
    ).toBe(member.wtId);
    expect(
      await post(t, owner, `${G}/member/oneInfo`, { groupNumber: n, wtId: outsider.wtId }),
    ).toMatchObject(notIn);
    expect(await post(t, owner, `${G}/transfer`, { groupNumber: n, wtId: outsider.wtId })).toMatchObject(
      notIn,
    );
    expect(
      await post(t, owner, `${G}/admin/batchMuted`, { groupNumber: n, wtIds: [outsider.wtId], muteTime: 60 }),
    ).toMatchObject(notIn);
    // Nothing changed hands.
    expect(
      (await must<{ ownerWtId: string }>(t, member, `${G}/getInfoById`, { groupNumber: n })).ownerWtId,
    ).toBe(owner.wtId);
  });

  it('22004: joining a group one is already in', async () => {
    const owner = await newUser(t, 'c2004o');
    const member = await newUser(t, 'c2004m');
    const g = await createGroup(t, owner, [member]);
    expect(await post(t, member, `${G}/member/activeJoin`, { groupNumber: g.groupNumber })).toMatchObject({
      status: 409,
      code: 22004,
      msg: '你已在该群聊中',
    });
    expect(await post(t, owner, `${G}/member/activeJoin`, { groupNumber: g.groupNumber })).toMatchObject({
      status: 409,
      code: 22004,
      msg: '你已在该群聊中',
    });
  });

  it('22005: joining, or being invited, while on the group blacklist', async () => {
    const owner = await newUser(t, 'c2005o');
    const black = await newUser(t, 'c2005b');
    const g = await createGroup(t, owner, []);
    await must(t, owner, `${G}/memberBlack/add`, { groupNumber: g.groupNumber, wtIds: [black.wtId] });
    const refused = { status: 403, code: 22005, msg: '你已被该群拉黑，无法加入' };
    expect(await post(t, black, `${G}/member/activeJoin`, { groupNumber: g.groupNumber })).toMatchObject(
      refused,
    );
    expect(
      await post(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [black.wtId] }),
    ).toMatchObject(refused);
  });

  it('22007: joining a group that takes no applications (confirminviteSwitch 2)', async () => {
    const owner = await newUser(t, 'c2007o');
    const applicant = await newUser(t, 'c2007a');
    const g = await createGroup(t, owner, []);
    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, confirminviteSwitch: 2 });
    expect(await post(t, applicant, `${G}/member/activeJoin`, { groupNumber: g.groupNumber })).toMatchObject({
      status: 403,
      code: 22007,
      msg: '该群不允许主动加入',
    });
  });

  it('22008 for an application that does not exist, 22009 for one handled already', async () => {
    const owner = await newUser(t, 'c2008o');
    const applicant = await newUser(t, 'c2008a');
    const g = await createGroup(t, owner, []);
    await must(t, owner, `${G}/edit`, { groupNumber: g.groupNumber, confirminviteSwitch: 1 });
    await must(t, applicant, `${G}/member/activeJoin`, { groupNumber: g.groupNumber });
    const list = await must<Page<GroupApplication>>(t, owner, '/user/groupNotice/joinApplyList', {});
    const id = list.rows.find((r) => r.userID === applicant.wtId)!.id;

    expect(
      await post(t, owner, `${G}/member/audit`, { id: Number(id) + 1_000_000, auditStatus: 1 }),
    ).toMatchObject({
      status: 404,
      code: 22008,
      msg: '入群申请不存在',
    });
    await must(t, owner, `${G}/member/audit`, { id, auditStatus: 2 });
    expect(await post(t, owner, `${G}/member/audit`, { id, auditStatus: 1 })).toMatchObject({
      status: 409,
      code: 22009,
      msg: '该申请已处理',
    });
    // The rejection stands: the applicant is not in.
    expect((await post(t, applicant, `${G}/getInfoById`, { groupNumber: g.groupNumber })).status).toBe(403);
  });
});
