import { describe, expect, it } from 'vitest';
import { groupsPolicy, invitationNeedsApproval, type GroupFacts, type TargetFacts } from './groups.policy.js';
import { decide } from './policy.js';

const NOW = 1_000_000;
const group = (over: Partial<NonNullable<GroupFacts['group']>> = {}) => ({
  status: 0,
  inviteSwitch: 0,
  confirminviteSwitch: 0,
  bannedSwitch: 0,
  limitLevel: 0,
  ...over,
});
const facts = (
  identity: number | undefined,
  over: Partial<NonNullable<GroupFacts['group']>> = {},
  muteUntil = 0,
): GroupFacts => ({
  group: group(over),
  me: identity === undefined ? undefined : { identity, muteUntil },
  now: NOW,
});
const actor = { userId: 1 };

describe('groups policy', () => {
  it('sending: muted member 您已被禁言, mute-all 全员禁言中 for members, admins and the owner still speak', () => {
    expect(decide(groupsPolicy, 'message.send', actor, facts(1))).toBe(true);
    expect(decide(groupsPolicy, 'message.send', actor, facts(1, {}, NOW + 1))).toBe('mutedInGroup');
    expect(decide(groupsPolicy, 'message.send', actor, facts(1, {}, NOW - 1))).toBe(true);
    expect(decide(groupsPolicy, 'message.send', actor, facts(1, { bannedSwitch: 1 }))).toBe('allMuted');
    expect(decide(groupsPolicy, 'message.send', actor, facts(2, { bannedSwitch: 1 }))).toBe(true);
    expect(decide(groupsPolicy, 'message.send', actor, facts(3, { bannedSwitch: 1 }))).toBe(true);
    // An admin the owner muted stays muted.
    expect(decide(groupsPolicy, 'message.send', actor, facts(2, {}, NOW + 1))).toBe('mutedInGroup');
    expect(decide(groupsPolicy, 'message.send', actor, facts(undefined))).toBe('forbidden');
    expect(decide(groupsPolicy, 'message.send', actor, { ...facts(1), group: group({ status: 1 }) })).toBe(
      'groupNotFound',
    );
  });

  it('managing members: the owner outranks admins, admins only ordinary members, nobody acts on themselves', () => {
    const on = (me: number, target: number, userId = 2): TargetFacts => ({
      ...facts(me),
      target: { userId, identity: target },
    });
    expect(decide(groupsPolicy, 'member.manage', actor, on(3, 2))).toBe(true);
    expect(decide(groupsPolicy, 'member.manage', actor, on(2, 1))).toBe(true);
    expect(decide(groupsPolicy, 'member.manage', actor, on(2, 2))).toBe('forbidden');
    expect(decide(groupsPolicy, 'member.manage', actor, on(2, 3))).toBe('forbidden');
    expect(decide(groupsPolicy, 'member.manage', actor, on(1, 1))).toBe('forbidden');
    expect(decide(groupsPolicy, 'member.manage', actor, on(3, 3, 1))).toBe('forbidden');
    expect(decide(groupsPolicy, 'member.manage', actor, on(3, 0))).toBe('groupMemberNotFound');
    expect(decide(groupsPolicy, 'member.black', actor, on(3, 0))).toBe(true);
  });

  it('invite and join switches', () => {
    expect(decide(groupsPolicy, 'member.invite', actor, facts(1, { inviteSwitch: 2 }))).toBe('forbidden');
    expect(decide(groupsPolicy, 'member.invite', actor, facts(2, { inviteSwitch: 2 }))).toBe(true);
    expect(decide(groupsPolicy, 'member.invite', actor, facts(1, { inviteSwitch: 1 }))).toBe(true);
    const join = (over: Partial<NonNullable<GroupFacts['group']>>, level: number, blacklisted = false) => ({
      ...facts(undefined, over),
      level,
      blacklisted,
    });
    expect(decide(groupsPolicy, 'group.join', actor, join({ limitLevel: 5 }, 4))).toBe('joinLevelTooLow');
    expect(decide(groupsPolicy, 'group.join', actor, join({ limitLevel: 5 }, 5))).toBe(true);
    expect(decide(groupsPolicy, 'group.join', actor, join({}, 0, true))).toBe('groupBlacklisted');
    expect(decide(groupsPolicy, 'group.join', actor, join({ confirminviteSwitch: 2 }, 0))).toBe(
      'groupNotPublic',
    );
    expect(
      decide(groupsPolicy, 'group.join', actor, { ...join({}, 0), me: { identity: 1, muteUntil: 0 } }),
    ).toBe('alreadyInGroup');
    expect(decide(groupsPolicy, 'group.quit', actor, facts(3))).toBe('forbidden');
  });

  it('accepting a join invitation: an active group one is not in and not blacklisted from', () => {
    const accept = (
      me: number | undefined,
      over: Partial<NonNullable<GroupFacts['group']>>,
      blacklisted = false,
    ) => decide(groupsPolicy, 'invitation.accept', actor, { ...facts(me, over), blacklisted, level: 0 });
    expect(accept(undefined, {})).toBe(true);
    // Join switches are for joining by search or QR: an invitation the user accepts passes them.
    expect(accept(undefined, { confirminviteSwitch: 2, limitLevel: 9 })).toBe(true);
    expect(accept(1, {})).toBe('alreadyInGroup');
    expect(accept(undefined, {}, true)).toBe('groupBlacklisted');
    expect(accept(undefined, { status: 1 })).toBe('groupNotFound');
  });

  it("an ordinary member's invitation waits for a manager while inviteSwitch is 1", () => {
    const table = [1, 2, 3].flatMap((identity) => [0, 1].map((sw) => invitationNeedsApproval(identity, sw)));
    expect(table).toEqual([false, true, false, false, false, false]);
  });
});
