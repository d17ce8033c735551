import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { PNG, upload } from '../uploads/fixtures.js';
import { befriendAll, createGroup, must, newUser, post } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const G = '/user/groupchat';
const INVALID = '头像地址无效，请重新上传';

describe('group avatar (an image the manager uploaded here)', () => {
  it('create and edit take the caller’s own image; another user’s or a foreign URL answers 400 10011', async () => {
    const owner = await newUser(t, 'gav');
    const admin = await newUser(t, 'gaw');
    const member = await newUser(t, 'gax');
    const png = async (token: string) =>
      (await upload(t, token, { bytes: PNG, name: 'a.png', type: 'image/png' })).data!.url;
    const mine = await png(owner.token);
    const theirs = await png(member.token);

    await befriendAll(t, owner, [admin, member]);
    const created = await post<GroupInfo>(t, owner, `${G}/add`, {
      groupName: '头像群',
      groupAvatar: mine,
      wtIds: [admin.wtId, member.wtId],
    });
    expect([created.code, created.data.avatar]).toEqual([200, mine]);
    for (const groupAvatar of [theirs, 'https://evil.example/x.png', '/api/oss/files/../../etc/passwd']) {
      const bad = await post(t, owner, `${G}/add`, { groupName: '坏头像', groupAvatar, wtIds: [] });
      expect([bad.status, bad.code, bad.msg]).toEqual([400, 10011, INVALID]);
    }

    const n = created.data.groupNumber;
    await must(t, owner, `${G}/admin/addOrRemove`, { groupNumber: n, wtIds: [admin.wtId], identity: 2 });
    const adminPng = await png(admin.token);
    const edited = await must<GroupInfo>(t, admin, `${G}/edit`, { groupNumber: n, groupAvatar: adminPng });
    expect(edited.avatar).toBe(adminPng);
    const foreign = await post(t, admin, `${G}/edit`, { groupNumber: n, groupAvatar: mine });
    expect([foreign.status, foreign.code, foreign.msg]).toEqual([400, 10011, INVALID]);
    // Who may edit is answered first: an ordinary member gets 403 whatever the image.
    const byMember = await post(t, member, `${G}/edit`, { groupNumber: n, groupAvatar: theirs });
    expect([byMember.status, byMember.msg]).toEqual([403, '当前操作没有权限']);
    // '' resets to the default avatar.
    const reset = await must<GroupInfo>(t, owner, `${G}/edit`, { groupNumber: n, groupAvatar: '' });
    expect(reset.avatar).toBe('');
  });

  it('a group created without an avatar has none', async () => {
    const owner = await newUser(t, 'gay');
    const g = await createGroup(t, owner, []);
    expect(g.avatar).toBe('');
  });
});
