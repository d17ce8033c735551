import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, newUser, post } from '../friends/helpers.js';
import { createGroup, must } from '../groups/helpers.js';
import { c2c, sent, sync } from './helpers.js';
import { gid, sentGroup } from './group-helpers.js';
import { PNG, upload } from '../uploads/fixtures.js';

// A conversation row shows only the profile its reader may still see (docs/api.md "Messages and
// conversations"), by the rule of the custom tabs: a group they left and a peer who blacklisted
// them keep their row without a live name or avatar.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const avatarOf = async (u: TestUser) => (await upload(t, u.token, { bytes: PNG, name: 'a.png' })).data!.url;

/** The caller's row of `conversationID` in the list, the get and a full sync. */
async function rows(u: TestUser, conversationID: string): Promise<Conversation[]> {
  const list = await must<{ conversations: Conversation[] }>(t, u, '/conversation/list', {});
  const got = await must<Conversation>(t, u, '/conversation/get', { conversationID });
  const synced = await sync(t, u, 0);
  return [
    list.conversations.find((c) => c.conversationID === conversationID)!,
    got,
    synced.conversations.find((c) => c.conversationID === conversationID)!,
  ];
}

describe('conversation rows the reader may no longer see', () => {
  it('a group the reader left shows neither its new name nor its new avatar; its members see them', async () => {
    const me = await newUser(t, 'cvv', '我');
    const owner = await newUser(t, 'cvv', '群主');
    const g = await createGroup(t, owner, [me], { groupName: '旧群名' });
    await sentGroup(t, owner, g, 'hello');
    expect((await rows(me, gid(g))).map((c) => c.groupProfile?.name)).toEqual(['旧群名', '旧群名', '旧群名']);

    await must(t, me, '/user/groupchat/member/quit', { groupNumber: g.groupNumber });
    const avatar = await avatarOf(owner);
    await must(t, owner, '/user/groupchat/edit', {
      groupNumber: g.groupNumber,
      groupName: '新群名',
      groupAvatar: avatar,
    });
    expect((await post(t, me, '/user/groupchat/getInfoById', { groupNumber: g.groupNumber })).status).toBe(
      403,
    );

    for (const row of await rows(me, gid(g)))
      expect(row.groupProfile).toEqual({ groupID: g.groupNumber, name: '', avatar: '' });
    for (const row of await rows(owner, gid(g)))
      expect(row.groupProfile).toEqual({ groupID: g.groupNumber, name: '新群名', avatar });
  });

  it('a peer who deleted and blacklisted the reader shows no nickname or avatar', async () => {
    const me = await newUser(t, 'cvv', '我');
    const peer = await newUser(t, 'cvv', '旧昵称');
    await befriend(t, me, peer);
    await sent(t, peer, me, 'hi from peer');
    expect((await rows(me, c2c(peer))).map((c) => c.userProfile?.nick)).toEqual([
      '旧昵称',
      '旧昵称',
      '旧昵称',
    ]);

    await must(t, peer, '/userFriends/delete', { friendsWtId: me.wtId });
    await must(t, peer, '/user/friendBlack/add', { friendWtId: me.wtId });
    const avatar = await avatarOf(peer);
    await must(t, peer, '/user/updateProfile', { nickName: '新昵称', avatar });

    for (const row of await rows(me, c2c(peer))) {
      expect(row.userProfile).toEqual({ userID: peer.wtId, nick: '', avatar: '' });
      // Their last message to the reader is followed by their notices, which only they see.
      expect(row.lastMessage).toBeNull();
    }
    // The peer still sees the reader; taken off the blacklist, the profile shows again.
    expect((await rows(peer, c2c(me)))[1]!.userProfile).toMatchObject({ nick: '我' });
    await must(t, peer, '/user/friendBlack/deleteByUserId', { friendWtId: me.wtId });
    for (const row of await rows(me, c2c(peer))) {
      expect(row.userProfile).toEqual({ userID: peer.wtId, nick: '新昵称', avatar });
    }
  });
});
