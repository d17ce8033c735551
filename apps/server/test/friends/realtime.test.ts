import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomNotice, FriendApplication, FriendItem, Tag } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer, type TestSocket } from '../helpers.js';
import { apply, befriend, newUser, post } from './helpers.js';

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function socketOf(token: string): Promise<TestSocket> {
  const s = await openSocket(t, token);
  sockets.push(s);
  await s.next((f) => f.type === 'hello');
  return s;
}

describe('friends in real time', () => {
  it("a new application reaches the target's tab with the raised counter", async () => {
    const a = await newUser(t, 'alice', '爱丽丝');
    const b = await newUser(t, 'bob');
    const bTab = await socketOf(b.token);
    await apply(t, a, b, { applyInfo: '你好' });
    const frame = await bTab.next((f) => f.type === 'friend.apply');
    expect(frame.data).toMatchObject({
      userID: a.wtId,
      nick: '爱丽丝',
      wording: '你好',
      status: 0,
      direction: 'in',
      isRead: 0,
    });
    const counters = await bTab.next((f) => f.type === 'counters.updated');
    expect(counters.data).toMatchObject({ friendApplyUnread: 1 });

    // Marking read pushes the lowered counter.
    await post(t, b, '/userFriends/apply/read');
    const lowered = await bTab.next(
      (f) =>
        f.type === 'counters.updated' && (f.data as { friendApplyUnread: number }).friendApplyUnread === 0,
    );
    expect(lowered).toBeTruthy();
  });

  it('accepting tells both sides with their own friend row', async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    const aTab = await socketOf(a.token);
    const bTab = await socketOf(b.token);
    await apply(t, a, b, { applySource: 2 });
    await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 });
    const forA = (await aTab.next((f) => f.type === 'friend.added')).data as FriendItem;
    const forB = (await bTab.next((f) => f.type === 'friend.added')).data as FriendItem;
    expect(forA).toMatchObject({ wtId: b.wtId, applySource: 2 });
    expect(forB).toMatchObject({ wtId: a.wtId, applySource: 2 });
    const applicantView = (await aTab.next((f) => f.type === 'friend.apply.updated'))
      .data as FriendApplication;
    expect(applicantView).toMatchObject({ userID: b.wtId, status: 1, direction: 'out' });
  });

  it("remark and tag changes reach the owner's other tabs only; deletion reaches both", async () => {
    const a = await newUser(t, 'alice');
    const b = await newUser(t, 'bob');
    await befriend(t, a, b);
    const aOther = await socketOf(a.token);
    const bTab = await socketOf(b.token);
    await post(t, a, '/userFriends/update', { friendsWtId: b.wtId, remark: '阿鲍' });
    expect((await aOther.next((f) => f.type === 'friend.updated')).data).toMatchObject({
      wtId: b.wtId,
      remark: '阿鲍',
    });
    await post(t, a, '/userTag/add', { tagName: '同学', wtIds: [b.wtId] });
    const tags = (await aOther.next((f) => f.type === 'tags.updated')).data as { tags: Tag[] };
    expect(tags.tags.map((x) => x.tagName)).toEqual(['同学']);

    await post(t, a, '/user/sendCustomMessage', {
      fromWtId: a.wtId,
      toWtId: b.wtId,
      type: 'CustomMsg_Type_addFriend',
    });
    const notice = (await bTab.next((f) => f.type === 'message.custom')).data as CustomNotice;
    expect(notice).toMatchObject({ type: 'CustomMsg_Type_addFriend', fromWtId: a.wtId, toWtId: b.wtId });
    expect((await aOther.next((f) => f.type === 'message.custom')).data).toMatchObject({ id: notice.id });

    await post(t, a, '/userFriends/delete', { friendsWtId: b.wtId });
    expect((await aOther.next((f) => f.type === 'friend.deleted')).data).toEqual({ wtId: b.wtId, byMe: 1 });
    expect((await bTab.next((f) => f.type === 'friend.deleted')).data).toEqual({ wtId: a.wtId, byMe: 0 });
    // Blocking is silent to the blocked user: only the blocker's tabs get the add-black notice.
    await post(t, a, '/user/friendBlack/add', { friendWtId: b.wtId });
    await post(t, a, '/user/sendCustomMessage', {
      fromWtId: a.wtId,
      toWtId: b.wtId,
      type: 'CustomMsg_Type_addBlack',
    });
    expect(
      (
        await aOther.next(
          (f) => f.type === 'message.custom' && (f.data as CustomNotice).type === 'CustomMsg_Type_addBlack',
        )
      ).data,
    ).toMatchObject({ toWtId: b.wtId });
    // B never saw A's private changes.
    expect(bTab.frames.some((f) => f.type === 'friend.updated' || f.type === 'tags.updated')).toBe(false);
    expect(bTab.frames.filter((f) => f.type === 'message.custom')).toHaveLength(1);
  });
});
