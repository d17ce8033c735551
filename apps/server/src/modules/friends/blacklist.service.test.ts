import { describe, expect, it } from 'vitest';
import { messagePermission, type PermissionDeps } from './blacklist.service.js';

/** In-memory stand-ins for the three repos the rule reads. */
function deps(opts: {
  users?: Record<number, number>;
  blocks?: Array<[number, number]>;
  friends?: Array<[number, number]>;
}): PermissionDeps {
  const users = opts.users ?? { 1: 0, 2: 0 };
  const blocks = opts.blocks ?? [];
  const friends = opts.friends ?? [];
  return {
    users: { byId: async (id: number) => (id in users ? ({ id, status: users[id] } as never) : undefined) },
    blacklist: {
      between: async (a: number, b: number) => ({
        aBlocksB: blocks.some(([o, t]) => o === a && t === b),
        bBlocksA: blocks.some(([o, t]) => o === b && t === a),
      }),
    },
    friendships: {
      get: async (o: number, f: number) =>
        friends.some(([x, y]) => x === o && y === f) ? ({ owner_id: o, friend_id: f } as never) : undefined,
    },
  };
}

describe('messagePermission (canMessage)', () => {
  it('allows friends and strangers nobody blocked, telling whether they are friends', async () => {
    expect(await messagePermission(deps({ friends: [[1, 2]] }), 1, 2)).toEqual({
      allowed: true,
      isFriend: true,
    });
    expect(await messagePermission(deps({}), 1, 2)).toEqual({ allowed: true, isFriend: false });
    expect(await messagePermission(deps({}), 1, 1)).toEqual({ allowed: true, isFriend: false });
  });

  it('refuses with 20007 when the recipient blacklisted the sender, even between friends', async () => {
    const p = await messagePermission(
      deps({
        blocks: [[2, 1]],
        friends: [
          [1, 2],
          [2, 1],
        ],
      }),
      1,
      2,
    );
    expect(p).toEqual({ allowed: false, reason: 'blacklisted', error: 'blacklisted', isFriend: true });
  });

  it('refuses with 21005 when the sender blacklisted the recipient', async () => {
    expect(await messagePermission(deps({ blocks: [[1, 2]] }), 1, 2)).toMatchObject({
      allowed: false,
      reason: 'blocking',
      error: 'targetInMyBlacklist',
    });
  });

  it('refuses cancelled (20003) and unknown or disabled recipients (10010)', async () => {
    expect(await messagePermission(deps({ users: { 1: 0, 2: 1 } }), 1, 2)).toMatchObject({
      allowed: false,
      error: 'accountCancelled',
    });
    expect(await messagePermission(deps({ users: { 1: 0, 2: 2 } }), 1, 2)).toMatchObject({
      allowed: false,
      error: 'userNotFound',
    });
    expect(await messagePermission(deps({ users: { 1: 0 } }), 1, 2)).toMatchObject({
      allowed: false,
      reason: 'notFound',
    });
  });
});
