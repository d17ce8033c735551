import { describe, expect, it } from 'vitest';
import { decide } from './policy.js';
import { additionOf, groupAddPolicy, type AddFacts } from './group-add.policy.js';

// Putting someone in a group, as a matrix: friendship × blacklist (either way) → outcome.
const outcome = (friend: boolean, inviterBlocks: boolean, invitedBlocks: boolean) =>
  inviterBlocks || invitedBlocks ? 'groupAddBlocked' : friend ? 'add' : 'consent';
const cases: Array<[string, AddFacts]> = [];
for (const friend of [true, false])
  for (const inviterBlocks of [false, true])
    for (const invitedBlocks of [false, true])
      cases.push([
        `${friend ? 'friends' : 'strangers'}, inviter blocks: ${inviterBlocks}, invited blocks: ${invitedBlocks}`,
        { friend, inviterBlocks, invitedBlocks },
      ]);

describe('group.add', () => {
  it.each(cases)('%s', (_name, facts) => {
    const want = outcome(facts.friend, facts.inviterBlocks, facts.invitedBlocks);
    const decision = decide(groupAddPolicy, 'group.add', { userId: 1 }, facts);
    expect(decision === true ? additionOf(facts) : decision).toBe(want);
  });

  it('spells the table out', () => {
    const table = cases.map(([, f]) => {
      const d = decide(groupAddPolicy, 'group.add', { userId: 1 }, f);
      return d === true ? additionOf(f) : d;
    });
    expect(table).toEqual([
      'add',
      'groupAddBlocked',
      'groupAddBlocked',
      'groupAddBlocked',
      'consent',
      'groupAddBlocked',
      'groupAddBlocked',
      'groupAddBlocked',
    ]);
  });
});
