import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, GroupMember, Page } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { createGroup, must, newUser, post } from './helpers.js';

// The `can` flags answered with a group and its member rows (the web client shows exactly these
// actions), checked against what the server then does with the same request.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const G = '/user/groupchat';

describe('group can flags', () => {
  it('owner, admin and member each get their own flags, on the group and on each member row', async () => {
    const [owner, admin, member, other] = [
      await newUser(t, 'can0'),
      await newUser(t, 'can1'),
      await newUser(t, 'can2'),
      await newUser(t, 'can3'),
    ];
    const g = await createGroup(t, owner, [admin, member, other]);
    const n = g.groupNumber;
    expect(g.can).toEqual({ manage: true, own: true, invite: true, quit: false, mentionAll: true });
    await must(t, owner, `${G}/admin/addOrRemove`, { groupNumber: n, wtIds: [admin.wtId], identity: 2 });

    const info = async (u: typeof owner) =>
      (await must<GroupInfo>(t, u, `${G}/getInfoById`, { groupNumber: n })).can;
    expect(await info(admin)).toEqual({
      manage: true,
      own: false,
      invite: true,
      quit: true,
      mentionAll: true,
    });
    expect(await info(member)).toEqual({
      manage: false,
      own: false,
      invite: true,
      quit: true,
      mentionAll: false,
    });

    // Members may not invite once the switch is 2; managers still may.
    await must(t, owner, `${G}/edit`, { groupNumber: n, inviteSwitch: 2 });
    expect((await info(member)).invite).toBe(false);
    expect((await info(admin)).invite).toBe(true);

    const rows = async (u: typeof owner) => {
      const page = await must<Page<GroupMember>>(t, u, `${G}/member/list`, {
        groupNumber: n,
        pageNum: 1,
        pageSize: 20,
      });
      return Object.fromEntries(page.rows.map((r) => [r.wtId, r.can.manage]));
    };
    const ids = (o: boolean, a: boolean, m: boolean, x: boolean) => ({
      [owner.wtId]: o,
      [admin.wtId]: a,
      [member.wtId]: m,
      [other.wtId]: x,
    });
    expect(await rows(owner)).toEqual(ids(false, true, true, true));
    expect(await rows(admin)).toEqual(ids(false, false, true, true));
    expect(await rows(member)).toEqual(ids(false, false, false, false));

    // What a flag says is what the server does: the admin may not remove the owner, may remove a member.
    const refused = await post(t, admin, `${G}/member/remove`, { groupNumber: n, wtIds: [owner.wtId] });
    expect([refused.code, refused.msg]).toEqual([403, '当前操作没有权限']);
    const removed = await post(t, admin, `${G}/member/remove`, { groupNumber: n, wtIds: [member.wtId] });
    expect(removed.code).toBe(200);
  });
});
