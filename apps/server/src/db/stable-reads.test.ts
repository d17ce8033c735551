import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksBetweenSteps } from '../modules/friends/blacklist.repo.js';
import { friendshipSteps, newFriendshipRow } from '../modules/friends/friendship.repo.js';
import { newUserRow, partiesSteps } from '../modules/users/user.repo.js';
import { openTwoConnections, type TwoConnections } from '../../test/two-connections.js';
import { PreparedQuery, sqliteFileOf } from './compiled.js';
import { STABLE_READS_MAX, StableReads } from './stable-reads.js';
import { runStepsNow, type Steps } from './steps.js';

// Two connections to one file: `main` writes users and friends rules (the main thread, another node),
// `thread` only reads them through StableReads inside its own transactions (the send thread).
let db: TwoConnections;
let main: TwoConnections['main'];
let thread: TwoConnections['thread'];
let stable: StableReads;
let ids: { a: number; b: number };

/** One batch on the thread's connection: a write transaction, refreshed, running `steps`. */
function batch<T>(steps: () => Steps<T>): T {
  thread.file.prepare('begin immediate').run();
  try {
    stable.refresh();
    return runStepsNow(sqliteFileOf(thread.db)!, steps(), stable);
  } finally {
    thread.file.prepare('commit').run();
  }
}
const epoch = async () =>
  Number((await sql<{ n: number }>`select n from stable_epoch`.execute(main.db)).rows[0]!.n);

beforeEach(async () => {
  db = await openTwoConnections('stable');
  ({ main, thread, ids } = db);
  stable = new StableReads(sqliteFileOf(thread.db)!);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.close();
});

describe('StableReads (the send thread kept reads)', () => {
  it('answers a repeated read from memory until a watched change commits elsewhere', async () => {
    const runs = vi.spyOn(PreparedQuery.prototype, 'allValuesNow');
    const parties = () => batch(() => partiesSteps(ids.a, 'bob'));
    expect(parties().peer?.nick_name).toBe('bob');
    expect(parties().me?.nick_name).toBe('alice');
    expect(runs).toHaveBeenCalledTimes(1);

    // A column the send does not read: the kept rows stay.
    await main.db.updateTable('users').set({ bio: 'hello' }).where('id', '=', ids.b).execute();
    parties();
    expect(runs).toHaveBeenCalledTimes(1);

    // A new nickname on the other connection: the next batch reads again.
    await main.db.updateTable('users').set({ nick_name: 'Bobby' }).where('id', '=', ids.b).execute();
    expect(parties().peer?.nick_name).toBe('Bobby');
    expect(runs).toHaveBeenCalledTimes(2);
  });

  it('sees a block, a friendship and a user that appear after they were read as absent', async () => {
    const blocks = () => batch(() => blocksBetweenSteps(ids.a, ids.b));
    const friends = () => batch(() => friendshipSteps(ids.a, ids.b));
    expect(blocks()).toEqual({ aBlocksB: false, bBlocksA: false });
    expect(friends()).toBeUndefined();
    expect(batch(() => partiesSteps(ids.a, 'carol')).peer).toBeUndefined();

    const now = Date.now();
    await main.db
      .insertInto('blacklist')
      .values({ owner_id: ids.b, target_id: ids.a, created_at: now })
      .execute();
    expect(blocks()).toEqual({ aBlocksB: false, bBlocksA: true });
    await main.db.deleteFrom('blacklist').execute();
    expect(blocks()).toEqual({ aBlocksB: false, bBlocksA: false });

    await main.db
      .insertInto('friendships')
      .values(newFriendshipRow({ ownerId: ids.a, friendId: ids.b, applySource: 1, now }))
      .execute();
    expect(friends()?.friend_id).toBe(ids.b);

    await main.db
      .insertInto('users')
      .values(newUserRow({ wtId: 'carol', phone: '+1555carol', nickName: 'carol', pwdHash: 'x', now }))
      .execute();
    expect(batch(() => partiesSteps(ids.a, 'carol')).peer?.wt_id).toBe('carol');
  });

  it('moves the epoch on every insert, watched update and delete of users, friendships and blacklist', async () => {
    const before = await epoch();
    await main.db.updateTable('users').set({ status: 1 }).where('id', '=', ids.a).execute();
    await main.db.updateTable('users').set({ avatar: 'x' }).where('id', '=', ids.a).execute();
    await main.db.updateTable('users').set({ wt_id: 'alice2' }).where('id', '=', ids.a).execute();
    await main.db.updateTable('users').set({ bio: 'not watched' }).where('id', '=', ids.a).execute();
    await main.db
      .insertInto('blacklist')
      .values({ owner_id: ids.a, target_id: ids.b, created_at: 1 })
      .execute();
    await main.db.updateTable('blacklist').set({ created_at: 2 }).execute();
    await main.db.deleteFrom('blacklist').execute();
    await main.db.deleteFrom('users').where('id', '=', ids.b).execute();
    expect((await epoch()) - before).toBe(7);
  });

  it('keeps at most STABLE_READS_MAX row sets', () => {
    const lookups = STABLE_READS_MAX + 5;
    batch(function* () {
      for (let i = 0; i < lookups; i++) yield* partiesSteps(ids.a, `nobody${i}`);
    });
    expect(stable.kept).toBeLessThanOrEqual(STABLE_READS_MAX);
    expect(stable.kept).toBe(5);
  });
});
