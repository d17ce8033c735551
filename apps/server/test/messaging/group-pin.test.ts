import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, GroupInfo } from '@parley/protocol';
import { startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { createGroup, G, gid, groupConversation, must, newUser, ready } from './group-helpers.js';

// A group's conversation pin and the group's own pin (setTop) are one flag.

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const topStatus = async (user: Parameters<typeof must>[1], g: GroupInfo) =>
  (await must<GroupInfo>(t, user, `${G}/getInfoById`, { groupNumber: g.groupNumber })).selfMember.topStatus;

describe('group pin', () => {
  it('setTop pins the conversation (live on the tabs); unpinning the conversation clears setTop', async () => {
    const owner = await newUser(t, 'gpinO');
    const member = await newUser(t, 'gpinM');
    const g = await createGroup(t, owner, [member]);
    const tab = await ready(t, member);
    sockets.push(tab);

    await must(t, member, `${G}/member/setTop`, { groupNumber: g.groupNumber, topStatus: 1 });
    const live = await tab.next(
      (f) => f.type === 'conversation.updated' && (f.data as Conversation).conversationID === gid(g),
    );
    expect(live.data).toMatchObject({ isPinned: true });
    expect(await groupConversation(t, member, g)).toMatchObject({ isPinned: true });
    // Only the member's own pin moved.
    expect(await groupConversation(t, owner, g)).toMatchObject({ isPinned: false });

    const fives = () => tab.frames.filter((f) => String(f.type) === '5').length;
    const before = fives();
    await must(t, member, '/conversation/pin', { conversationID: gid(g), isPinned: false });
    expect(await topStatus(member, g)).toBe(0);
    // The member's tabs are told their group changed (they refetch it).
    await vi.waitFor(() => expect(fives()).toBe(before + 1));

    await must(t, member, '/conversation/pin', { conversationID: gid(g), isPinned: true });
    expect(await topStatus(member, g)).toBe(1);
    expect(await topStatus(owner, g)).toBe(0);
  });

  it('a group created alone starts its conversation with the create tip', async () => {
    const owner = await newUser(t, 'gpinAlone');
    const g = await createGroup(t, owner, []);
    const conv = await groupConversation(t, owner, g);
    expect(conv.lastMessage).toMatchObject({ type: 'groupTip', payload: { operationType: 'create' } });
    const list = await must<{ conversations: Conversation[] }>(t, owner, '/conversation/list', {});
    expect(list.conversations.map((c) => c.conversationID)).toContain(gid(g));
  });
});
