import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FriendLimits } from '@parley/protocol';
import { FakeClock, startTestServer, type TestServer } from '../helpers.js';
import { apply, befriend, newUser, post } from '../friends/helpers.js';
import { invite, openTab } from '../calls/helpers.js';

// Catalogue codes of friends, the blacklist, notices and calls between strangers, each with its
// HTTP status, code and text.
const clock = new FakeClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenTtlSeconds: 30 * 24 * 3600 }, clock);
});
afterAll(() => t.close());

describe('friend refusals', () => {
  it('21007 该好友申请已处理: handling an application a second time', async () => {
    const a = await newUser(t, 'c21007a');
    const b = await newUser(t, 'c21007b');
    await apply(t, a, b);
    const handle = () => post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 2 });
    expect((await handle()).code).toBe(200);
    expect(await handle()).toMatchObject({ status: 409, code: 21007, msg: '该好友申请已处理' });
  });

  it('21008 该好友申请已过期: handling an application older than 7 days, not one exactly 7 days old', async () => {
    const a = await newUser(t, 'c21008a');
    const b = await newUser(t, 'c21008b');
    const c = await newUser(t, 'c21008c');
    await apply(t, a, b);
    await apply(t, c, b);
    clock.advance(FriendLimits.applyTtlMs);
    // At the limit it still stands.
    expect((await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 })).code).toBe(
      200,
    );
    clock.advance(1);
    expect(
      await post(t, b, '/userFriends/apply/handle', { applyWtId: c.wtId, handleStatus: 1 }),
    ).toMatchObject({
      status: 409,
      code: 21008,
      msg: '该好友申请已过期',
    });
  });

  it('21010 不能将自己加入黑名单: blacklisting oneself', async () => {
    const me = await newUser(t, 'c21010');
    expect(await post(t, me, '/user/friendBlack/add', { friendWtId: me.wtId })).toMatchObject({
      status: 400,
      code: 21010,
      msg: '不能将自己加入黑名单',
    });
  });

  it('21012 当前好友关系下不能发送该通知: a notice that does not match the relation', async () => {
    const me = await newUser(t, 'c21012a');
    const friend = await newUser(t, 'c21012b');
    await befriend(t, me, friend);
    const refused = { status: 409, code: 21012, msg: '当前好友关系下不能发送该通知' };
    const notice = (type: string) =>
      post(t, me, '/user/sendCustomMessage', { fromWtId: me.wtId, toWtId: friend.wtId, type });
    // No add-black notice without blocking, no delete-friend notice while still friends.
    expect(await notice('CustomMsg_Type_addBlack')).toMatchObject(refused);
    expect(await notice('CustomMsg_Type_deleteFriend')).toMatchObject(refused);
  });

  it('23005 对方不是你的好友，无法通话: calling someone who is not a friend', async () => {
    const a = await newUser(t, 'c23005a');
    const stranger = await newUser(t, 'c23005s');
    const tab = await openTab(t, a);
    try {
      expect(await invite(tab, stranger)).toMatchObject({ code: 23005, msg: '对方不是你的好友，无法通话' });
    } finally {
      tab.close();
    }
  });
});
