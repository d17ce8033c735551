import { describe, expect, it } from 'vitest';
import { CustomMsgType, ErrorDetails } from '@parley/protocol';
import type { Relation } from './friends.policy.js';
import { noticesPolicy } from './notices.policy.js';
import { decide } from './policy.js';

// Friend notices as a matrix: each row a relation, each column a notice type; a notice passes only
// when it matches the relation it announces, and only as oneself.
const ME = { userId: 1 };
const relation = (patch: Partial<Relation>): Relation => ({
  targetId: 2,
  targetStatus: 0,
  friend: false,
  iBlock: false,
  blocksMe: false,
  ...patch,
});
const rows: Record<string, Relation> = {
  friend: relation({ friend: true }),
  stranger: relation({}),
  iBlock: relation({ iBlock: true }),
  myself: relation({ targetId: 1 }),
  nobody: relation({ targetId: undefined, targetStatus: undefined }),
};
const types = [CustomMsgType.addFriend, CustomMsgType.addBlack, CustomMsgType.deleteFriend] as const;
const N = 'customMessageNotAllowed';
const U = 'userNotFound';
const expected: Record<string, unknown[]> = {
  //         addFriend addBlack deleteFriend
  friend: [true, N, N],
  stranger: [N, N, true],
  iBlock: [N, true, true],
  myself: [U, U, U],
  nobody: [U, U, U],
};

describe('notices policy', () => {
  for (const [row, r] of Object.entries(rows))
    it(row, () => {
      const got = types.map((type) =>
        decide(noticesPolicy, 'notice.send', ME, { fromSelf: true, relation: r, type }),
      );
      expect(got).toEqual(expected[row]);
    });

  it('as someone else: refused first, whatever the relation', () => {
    for (const r of Object.values(rows))
      expect(
        decide(noticesPolicy, 'notice.send', ME, {
          fromSelf: false,
          relation: r,
          type: CustomMsgType.addFriend,
        }),
      ).toEqual({ error: 'forbidden', detail: ErrorDetails.senderNotSelf });
  });
});
