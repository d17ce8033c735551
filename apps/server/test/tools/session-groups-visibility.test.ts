import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionGroup } from '@parley/protocol';
import { api, startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post } from '../friends/helpers.js';
import { createGroup, must } from '../groups/helpers.js';
import { sendText } from '../messaging/helpers.js';
import { PNG, upload } from '../uploads/fixtures.js';

// A tab's entries show only what the owner may still see (docs/api.md "Session groups"): a group
// they left and a user who blacklisted them keep their place in the tab without their profile.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const entriesOf = async (u: TestUser) =>
  (await api<SessionGroup[]>(t, 'GET', '/sessionGroup/list', { token: u.token })).data[0]!.relationList;
const avatarOf = async (u: TestUser) => (await upload(t, u.token, { bytes: PNG, name: 'a.png' })).data!.url;

describe('session group entries the owner may no longer see', () => {
  it('a group the owner left shows neither its new name nor its new avatar', async () => {
    const me = await newUser(t, 'sgv', '我');
    const owner = await newUser(t, 'sgv', '群主');
    const g = await createGroup(t, owner, [me], { groupName: '旧群名' });
    await must(t, me, '/sessionGroup/add', {
      groupName: '群',
      relationList: [{ sessionType: 1, relationId: g.groupNumber }],
    });
    expect(await entriesOf(me)).toMatchObject([{ relationId: g.groupNumber, name: '旧群名' }]);

    await must(t, me, '/user/groupchat/member/quit', { groupNumber: g.groupNumber });
    const avatar = await avatarOf(owner);
    await must(t, owner, '/user/groupchat/edit', {
      groupNumber: g.groupNumber,
      groupName: '新群名',
      groupAvatar: avatar,
    });
    // The group itself no longer answers the one who left.
    const info = await post(t, me, '/user/groupchat/getInfoById', { groupNumber: g.groupNumber });
    expect(info.status).toBe(403);

    expect(await entriesOf(me)).toEqual([
      {
        sessionId: `GROUP${g.groupNumber}`,
        sessionType: 1,
        relationId: g.groupNumber,
        name: '',
        avatar: '',
      },
    ]);
    const byId = await post<SessionGroup>(t, me, '/sessionGroup/getById', {
      id: (await api<SessionGroup[]>(t, 'GET', '/sessionGroup/list', { token: me.token })).data[0]!.id,
    });
    expect(byId.data.relationList[0]).toMatchObject({ name: '', avatar: '' });
    // The members still see it live.
    await must(t, owner, '/sessionGroup/add', {
      groupName: '群',
      relationList: [{ sessionType: 1, relationId: g.groupNumber }],
    });
    expect(await entriesOf(owner)).toMatchObject([{ name: '新群名', avatar }]);
  });

  it('a user who deleted and blacklisted the owner shows neither their new nickname nor avatar', async () => {
    const me = await newUser(t, 'sgv', '我');
    const peer = await newUser(t, 'sgv', '旧昵称');
    const friend = await newUser(t, 'sgv', '朋友');
    await befriend(t, me, peer);
    await befriend(t, me, friend);
    expect((await sendText(t, me, peer, 'hi')).code).toBe(200);
    await must(t, me, '/sessionGroup/add', {
      groupName: '人',
      relationList: [
        { sessionType: 0, relationId: peer.wtId },
        { sessionType: 0, relationId: friend.wtId },
      ],
    });
    expect((await entriesOf(me)).map((e) => e.name)).toEqual(['旧昵称', '朋友']);

    await must(t, peer, '/userFriends/delete', { friendsWtId: me.wtId });
    await must(t, peer, '/user/friendBlack/add', { friendWtId: me.wtId });
    const avatar = await avatarOf(peer);
    await must(t, peer, '/user/updateProfile', { nickName: '新昵称', avatar });

    expect(await entriesOf(me)).toEqual([
      { sessionId: `C2C${peer.wtId}`, sessionType: 0, relationId: peer.wtId, name: '', avatar: '' },
      {
        sessionId: `C2C${friend.wtId}`,
        sessionType: 0,
        relationId: friend.wtId,
        name: '朋友',
        avatar: expect.any(String),
      },
    ]);
    // Taken off the blacklist (still not friends, the chat stays): the profile shows again.
    await must(t, peer, '/user/friendBlack/deleteByUserId', { friendWtId: me.wtId });
    expect((await entriesOf(me))[0]).toMatchObject({ name: '新昵称', avatar });
  });
});
