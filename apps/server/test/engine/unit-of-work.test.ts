import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendApplication, Page } from '@parley/protocol';
import { openSocket, startTestServer, type TestServer } from '../helpers.js';
import { apply, befriend, friendsOf, newUser, post } from '../friends/helpers.js';

// A use case that fails half-way (here: a later module's hook throws after the rows were written)
// leaves nothing behind and announces nothing: one transaction, events only after the commit.
describe('one use case, one transaction', () => {
  let t: TestServer;
  let failNext: 'created' | 'deleted' | null = null;
  beforeAll(async () => {
    t = await startTestServer();
    const hooks = t.server.modules.friends.hooks;
    hooks.on('friendship.created', () => {
      if (failNext === 'created') throw new Error('hook failed on purpose');
    });
    hooks.on('friendship.deleted', () => {
      if (failNext === 'deleted') throw new Error('hook failed on purpose');
    });
  });
  afterAll(() => t?.close());

  it('an accept that fails after writing rolls back the friendship and sends no event', async () => {
    const a = await newUser(t, 'rbA');
    const b = await newUser(t, 'rbB');
    expect((await apply(t, a, b)).code).toBe(200);
    const sa = await openSocket(t, a.token);
    const sb = await openSocket(t, b.token);
    const [helloA, helloB] = await Promise.all([sa, sb].map((s) => s.next((f) => f.type === 'hello')));

    failNext = 'created';
    const res = await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 });
    failNext = null;
    expect(res.status).toBe(500);
    expect(res.code).toBe(500);
    expect(await friendsOf(t, a)).toEqual([]);
    expect(await friendsOf(t, b)).toEqual([]);
    const pending = await post<Page<FriendApplication>>(t, b, '/userFriends/applyList', { direction: 'in' });
    expect(pending.data.rows.map((r) => [r.applyWtId, r.status])).toEqual([[a.wtId, 0]]);

    // The same accept, now succeeding: the first frame pushed to either user is from this one, right
    // after the sequence hello announced (the failed attempt pushed nothing, to no tab).
    expect((await post(t, b, '/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 })).code).toBe(
      200,
    );
    const firstA = await sa.next((f) => f.type !== 'hello');
    const firstB = await sb.next((f) => f.type !== 'hello');
    expect([firstA.type, firstA.seq]).toEqual(['friend.added', (helloA!.data as { seq: number }).seq + 1]);
    expect([firstB.type, firstB.seq]).toEqual(['friend.added', (helloB!.data as { seq: number }).seq + 1]);
    await sa.next((f) => f.type === 'message.new'); // the last event of the accept (the stored notice)
    expect(sa.frames.filter((f) => f.type !== 'hello').map((f) => f.type)).toEqual([
      'friend.added',
      'friend.apply.updated',
      'message.custom',
      'message.new',
    ]);
    sa.close();
    sb.close();
  });

  it('a delete that fails after writing keeps both sides friends and sends no friend.deleted', async () => {
    const a = await newUser(t, 'rdA');
    const b = await newUser(t, 'rdB');
    await befriend(t, a, b);
    const sb = await openSocket(t, b.token);
    await sb.next((f) => f.type === 'hello');

    failNext = 'deleted';
    const res = await post(t, a, '/userFriends/delete', { friendsWtId: b.wtId });
    failNext = null;
    expect(res.code).toBe(500);
    expect((await friendsOf(t, a)).map((f) => f.wtId)).toEqual([b.wtId]);
    expect((await friendsOf(t, b)).map((f) => f.wtId)).toEqual([a.wtId]);

    const ok = await post<{ deleted: boolean }>(t, a, '/userFriends/delete', { friendsWtId: b.wtId });
    expect(ok.data.deleted).toBe(true);
    await sb.next((f) => f.type === 'friend.deleted');
    expect(sb.frames.filter((f) => f.type === 'friend.deleted')).toEqual([
      expect.objectContaining({ data: { wtId: a.wtId, byMe: 0 } }),
    ]);
    sb.close();
  });

  it('friend notices are sent by the server in the same use case, not by the browser', async () => {
    const a = await newUser(t, 'ntA');
    const b = await newUser(t, 'ntB');
    const sa = await openSocket(t, a.token);
    const sb = await openSocket(t, b.token);
    await Promise.all([sa, sb].map((s) => s.next((f) => f.type === 'hello')));
    await befriend(t, a, b);
    // Accepting sends "you are now friends" to both, from the one who accepted.
    for (const s of [sa, sb]) {
      const notice = await s.next((f) => f.type === 'message.custom');
      expect(notice.data).toMatchObject({
        type: 'CustomMsg_Type_addFriend',
        fromWtId: b.wtId,
        toWtId: a.wtId,
      });
    }
    expect((await post(t, a, '/user/friendBlack/add', { friendWtId: b.wtId })).code).toBe(200);
    expect((await sa.next((f) => f.type === 'message.custom')).data).toMatchObject({
      type: 'CustomMsg_Type_addBlack',
      fromWtId: a.wtId,
    });
    expect((await post(t, a, '/userFriends/delete', { friendsWtId: b.wtId })).code).toBe(200);
    expect((await sa.next((f) => f.type === 'message.custom')).data).toMatchObject({
      type: 'CustomMsg_Type_deleteFriend',
      fromWtId: a.wtId,
    });
    // Blocking and deleting are silent to the other side.
    await sb.next((f) => f.type === 'friend.deleted');
    expect(sb.frames.filter((f) => f.type === 'message.custom')).toHaveLength(1);
    sa.close();
    sb.close();
  });
});
