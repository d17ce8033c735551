import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, startTestServer, type TestServer, type TestSocket, type TestUser } from '../helpers.js';
import { befriend, feedIds, post, postMoment, userOn } from './helpers.js';

/**
 * A new moment reaches its author's friends through the fan-out queue (modules/moments/fanout.ts):
 * in chunks of `momentFanoutChunk` friends after the post's commit, with a `moment.new` push, and
 * resumed from its last acknowledged chunk by the next start.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ momentFanoutChunk: 2 });
});
afterAll(() => t.close());

const idOf = async (s: TestServer, u: TestUser) =>
  Number(
    (
      await s.server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('wt_id', '=', u.wtId)
        .executeTakeFirstOrThrow()
    ).id,
  );

const inboxOf = async (s: TestServer, momentId: number) =>
  (
    await s.server.ctx.db
      .selectFrom('moment_inbox')
      .select('viewer_id')
      .where('moment_id', '=', momentId)
      .orderBy('viewer_id')
      .execute()
  ).map((r) => Number(r.viewer_id));

const isNew = (id: number) => (f: { type: unknown; data: unknown }) =>
  f.type === 'moment.new' && (f.data as { id: number }).id === id;

async function socketOf(u: TestUser): Promise<TestSocket> {
  const ws = await openSocket(t, u.token);
  await ws.next((f) => f.type === 'hello');
  return ws;
}

describe('moments fan-out', () => {
  it('delivers a post to every friend in chunks and pushes moment.new to those who may see it', async () => {
    const a = await userOn(t, 'fa');
    const friends = [];
    for (const name of ['f1', 'f2', 'f3', 'f4', 'f5']) {
      const f = await userOn(t, `fo${name}`);
      await befriend(t, a, f);
      friends.push(f);
    }
    const hiding = friends[4]!;
    // The fifth friend hides a's moments: the inbox row is written, the feed and the push leave it out.
    expect(
      await post(t, hiding, '/userFriends/updateSpaceStatus', { friendsWtId: a.wtId, friendsSpaceStatus: 1 }),
    ).toMatchObject({ code: 200 });
    const sockets = await Promise.all(friends.map(socketOf));
    try {
      const res = await post<{ id: number }>(t, a, '/user/friendsCircle/add', { content: '五个朋友' });
      expect(res.code).toBe(200);
      const id = res.data.id;
      // The author's own feed has it when the post answers.
      expect(await feedIds(t, a)).toContain(id);
      for (const ws of sockets.slice(0, 4)) {
        const frame = await ws.next(isNew(id));
        expect(frame.data).toEqual({ id, wtId: a.wtId, nickName: 'fa', avatar: expect.any(String) });
      }
      await t.server.modules.moments.fanout.settled();
      for (const f of friends.slice(0, 4)) expect(await feedIds(t, f)).toContain(id);
      expect(await feedIds(t, hiding)).not.toContain(id);
      const ids = await Promise.all([a, ...friends].map((u) => idOf(t, u)));
      expect(await inboxOf(t, id)).toEqual([...ids].sort((x, y) => x - y));
      expect(await t.server.ctx.db.selectFrom('moment_fanout').selectAll().execute()).toEqual([]);

      // A later moment of a friend the hiding friend does see reaches them: the push for a's did not.
      await befriend(t, friends[0]!, hiding);
      const later = await postMoment(t, friends[0]!, { content: 'later' });
      await sockets[4]!.next(isNew(later.id));
      expect(sockets[4]!.frames.filter((f) => f.type === 'moment.new').map((f) => f.data)).toEqual([
        { id: later.id, wtId: friends[0]!.wtId, nickName: 'fof1', avatar: expect.any(String) },
      ]);
    } finally {
      for (const ws of sockets) ws.close();
    }
  });

  it('a private moment is nobody else’s: no job, no push, only the author’s inbox row', async () => {
    const [a, f] = [await userOn(t, 'pa'), await userOn(t, 'pf')];
    await befriend(t, a, f);
    const m = await postMoment(t, a, { content: '只给自己', visibility: 1 });
    expect(await inboxOf(t, m.id)).toEqual([await idOf(t, a)]);
    expect(await feedIds(t, f)).not.toContain(m.id);
  });

  it('the next start resumes an unfinished fan-out from its last acknowledged chunk', async () => {
    const first = await startTestServer({ momentFanoutChunk: 2 });
    let second: TestServer | undefined;
    try {
      const a = await userOn(first, 'ra');
      const friends = [];
      for (const name of ['1', '2', '3', '4', '5']) {
        const f = await userOn(first, `rf${name}`);
        await befriend(first, a, f);
        friends.push(f);
      }
      const ids = await Promise.all(friends.map((f) => idOf(first, f)));
      // The node stops delivering (as a process would stop) after the post committed.
      await first.server.modules.moments.fanout.stop();
      const kept = await post<{ id: number }>(first, a, '/user/friendsCircle/add', { content: 'resume me' });
      const gone = await post<{ id: number }>(first, a, '/user/friendsCircle/add', { content: 'removed' });
      const authorId = await idOf(first, a);
      expect(await inboxOf(first, kept.data.id)).toEqual([authorId]);
      // As a crash after the first chunk's commit leaves it: the job past the second friend.
      const sorted = [...ids].sort((x, y) => x - y);
      await first.server.ctx.db
        .updateTable('moment_fanout')
        .set({ after_id: sorted[1]! })
        .where('moment_id', '=', kept.data.id)
        .execute();
      // A moment removed while undelivered takes its job with it.
      expect(await post(first, a, '/user/friendsCircle/remove', { id: gone.data.id })).toMatchObject({
        code: 200,
      });
      await first.server.close();

      second = await startTestServer({
        momentFanoutChunk: 2,
        dataDir: first.config.dataDir,
        databaseSchema: first.config.databaseSchema,
      });
      await second.server.modules.moments.fanout.settled();
      // Delivered from the third friend on, not again from the start.
      expect(await inboxOf(second, kept.data.id)).toEqual(
        [authorId, ...sorted.slice(2)].sort((x, y) => x - y),
      );
      expect(await inboxOf(second, gone.data.id)).toEqual([]);
      expect(await second.server.ctx.db.selectFrom('moment_fanout').selectAll().execute()).toEqual([]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
