import { describe, expect, it } from 'vitest';
import { friendsPolicy, type Relation } from './friends.policy.js';
import { authorize, can, decide } from './policy.js';

// The friends rules as a matrix: each row is an actor's relation to the target, each column an
// action, each cell the decision (true, or the error the API answers). A changed rule changes a cell.
const ME = { userId: 1 };
const rel = (patch: Partial<Relation>): Relation => ({
  targetId: 2,
  targetStatus: 0,
  friend: false,
  iBlock: false,
  blocksMe: false,
  ...patch,
});

const relations: Record<string, Relation> = {
  stranger: rel({}),
  friend: rel({ friend: true }),
  myself: rel({ targetId: 1 }),
  unknown: rel({ targetId: undefined, targetStatus: undefined }),
  cancelled: rel({ targetStatus: 1 }),
  disabled: rel({ targetStatus: 2 }),
  blocksMe: rel({ blocksMe: true }),
  iBlock: rel({ iBlock: true }),
  friendBlocksMe: rel({ friend: true, blocksMe: true }),
};

const actions = ['friend.apply', 'friend.edit', 'friend.delete', 'blacklist.change', 'message.send'] as const;

const expected: Record<string, Record<(typeof actions)[number], true | string>> = {
  stranger: {
    'friend.apply': true,
    'friend.edit': 'notFriend',
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': true,
  },
  friend: {
    'friend.apply': 'alreadyFriend',
    'friend.edit': true,
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': true,
  },
  myself: {
    'friend.apply': 'applySelf',
    'friend.edit': 'notFriend',
    'friend.delete': 'notFriend',
    'blacklist.change': 'blackSelf',
    'message.send': true,
  },
  unknown: {
    'friend.apply': 'userNotFound',
    'friend.edit': 'notFriend',
    'friend.delete': 'userNotFound',
    'blacklist.change': 'userNotFound',
    'message.send': 'userNotFound',
  },
  cancelled: {
    'friend.apply': 'accountCancelled',
    'friend.edit': 'notFriend',
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': 'accountCancelled',
  },
  disabled: {
    'friend.apply': 'userNotFound',
    'friend.edit': 'notFriend',
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': 'userNotFound',
  },
  blocksMe: {
    'friend.apply': 'blockedByTarget',
    'friend.edit': 'notFriend',
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': 'blacklisted',
  },
  iBlock: {
    'friend.apply': 'targetInMyBlacklist',
    'friend.edit': 'notFriend',
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': 'targetInMyBlacklist',
  },
  friendBlocksMe: {
    'friend.apply': 'alreadyFriend',
    'friend.edit': true,
    'friend.delete': true,
    'blacklist.change': true,
    'message.send': 'blacklisted',
  },
};

describe('friends policy', () => {
  for (const [who, relation] of Object.entries(relations)) {
    it(`decides every action for a ${who}`, () => {
      const got = Object.fromEntries(actions.map((a) => [a, decide(friendsPolicy, a, ME, relation)]));
      expect(got).toEqual(expected[who]);
    });
  }

  it('hides other users’ tags and applications as missing', () => {
    expect(decide(friendsPolicy, 'tag.use', ME, { ownerId: 1 })).toBe(true);
    expect(decide(friendsPolicy, 'tag.use', ME, { ownerId: 9 })).toBe('tagNotFound');
    expect(decide(friendsPolicy, 'tag.use', ME, undefined)).toBe('tagNotFound');
    expect(decide(friendsPolicy, 'application.handle', ME, { toId: 1 })).toBe(true);
    expect(decide(friendsPolicy, 'application.handle', ME, { toId: 3 })).toBe('applyNotFound');
  });

  it('authorize throws the catalogue error; can answers a boolean', () => {
    expect(can(friendsPolicy, 'friend.edit', ME, relations.friend!)).toBe(true);
    expect(() => authorize(friendsPolicy, 'message.send', ME, relations.blocksMe!)).toThrow(
      '对方已将你加入黑名单，消息发送失败',
    );
    const thrown = (() => {
      try {
        authorize(friendsPolicy, 'friend.apply', ME, relations.cancelled!);
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toMatchObject({ code: 20003, status: 404, message: '用户已注销' });
  });
});
