import { describe, expect, it } from 'vitest';
import { groupCan, memberCan, type GroupFacts } from './groups.policy.js';

// The `can` flags a group and its member rows are answered with, as a matrix: each row a caller
// (identity, or not a member) in a group with some switches, each column a flag. A changed rule
// changes a cell; the web client shows exactly these actions.
const NOW = 1_000_000;
const facts = (identity: number | undefined, inviteSwitch = 0, status = 0): GroupFacts => ({
  group: { status, inviteSwitch, confirminviteSwitch: 0, bannedSwitch: 0, limitLevel: 0 },
  me: identity === undefined ? undefined : { identity, muteUntil: 0 },
  now: NOW,
});

const rows: Record<string, GroupFacts> = {
  member: facts(1),
  memberInviteOff: facts(1, 2),
  memberInviteApproval: facts(1, 1),
  admin: facts(2),
  adminInviteOff: facts(2, 2),
  owner: facts(3),
  stranger: facts(undefined),
  ownerDissolved: facts(3, 0, 1),
};

const T = true;
const F = false;
const expected: Record<string, boolean[]> = {
  //                    manage own invite quit mentionAll
  member: [F, F, T, T, F],
  memberInviteOff: [F, F, F, T, F],
  memberInviteApproval: [F, F, T, T, F],
  admin: [T, F, T, T, T],
  adminInviteOff: [T, F, T, T, T],
  owner: [T, T, T, F, T],
  stranger: [F, F, F, F, F],
  ownerDissolved: [F, F, F, F, F],
};

describe('group can flags', () => {
  for (const [row, f] of Object.entries(rows))
    it(row, () => {
      const can = groupCan(1, f);
      expect([can.manage, can.own, can.invite, can.quit, can.mentionAll]).toEqual(expected[row]);
    });
});

describe('member can flags: who may act over whom', () => {
  // Rows: the caller's identity; columns: the member shown (themselves, a member, an admin, the owner).
  const targets = [
    { userId: 1, identity: 0 },
    { userId: 2, identity: 1 },
    { userId: 3, identity: 2 },
    { userId: 4, identity: 3 },
  ];
  const cells = (identity: number | undefined) =>
    targets.map((t) => {
      const self = t.userId === 1 && identity !== undefined ? { ...t, identity } : t;
      return memberCan(1, facts(identity), self).manage;
    });

  it('an ordinary member acts over nobody', () => expect(cells(1)).toEqual([F, F, F, F]));
  it('an admin acts over ordinary members only', () => expect(cells(2)).toEqual([F, T, F, F]));
  it('the owner acts over everyone but themselves', () => expect(cells(3)).toEqual([F, T, T, F]));
  it('someone outside the group acts over nobody', () => expect(cells(undefined)).toEqual([F, F, F, F]));
});
