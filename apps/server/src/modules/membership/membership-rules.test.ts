import { describe, expect, it } from 'vitest';
import { DAY_MS, isMember, redeemed, type Membership } from './membership-rules.js';

const NOW = 1_800_000_000_000;
const none: Membership = { vipType: 0, vipLevel: 0, until: 0 };
const active = (level: number, daysLeft: number): Membership => ({
  vipType: 1,
  vipLevel: level,
  until: NOW + daysLeft * DAY_MS,
});

// Each row: the membership before, the code, the membership after.
const matrix: Array<[string, Membership, { level: number; days: number }, Membership]> = [
  ['non-member', none, { level: 2, days: 30 }, active(2, 30)],
  [
    'lapsed member starts from now',
    { vipType: 1, vipLevel: 5, until: NOW - 1 },
    { level: 1, days: 7 },
    active(1, 7),
  ],
  ['same level extends after the end', active(2, 10), { level: 2, days: 30 }, active(2, 40)],
  ['higher code raises the level and extends', active(2, 10), { level: 5, days: 7 }, active(5, 17)],
  ['lower code keeps the level and extends', active(5, 10), { level: 1, days: 30 }, active(5, 40)],
  [
    'an operator grant without end keeps no end',
    { vipType: 1, vipLevel: 3, until: 0 },
    { level: 4, days: 30 },
    { vipType: 1, vipLevel: 4, until: 0 },
  ],
];

describe('membership rules', () => {
  for (const [name, before, code, after] of matrix) {
    it(name, () => expect(redeemed(before, code, NOW)).toEqual(after));
  }

  it('a membership lapses at its end, not before', () => {
    expect(isMember(active(1, 1), NOW)).toBe(true);
    expect(isMember({ vipType: 1, vipLevel: 1, until: NOW }, NOW)).toBe(false);
    expect(isMember({ vipType: 1, vipLevel: 1, until: 0 }, NOW)).toBe(true);
    expect(isMember(none, NOW)).toBe(false);
  });
});
