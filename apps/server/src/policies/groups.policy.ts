import { GroupIdentity, type GroupCan, type MemberCan } from '@parley/protocol';
import { definePolicy, type Decision } from './policy.js';

/**
 * Who may do what in a group (docs/api.md "Groups", roles). Identity: 1 member, 2 admin, 3 owner.
 * Services load the facts (modules/groups/group.access.ts) and ask; no rule is re-derived inline.
 */
/** The protocol's `GroupIdentity`, under the name the group services use. */
export const Identity = GroupIdentity;
export const GroupStatus = { active: 0, dissolved: 1 } as const;

export interface GroupFacts {
  /** undefined: no such group. */
  group:
    | {
        status: number;
        inviteSwitch: number;
        confirminviteSwitch: number;
        bannedSwitch: number;
        limitLevel: number;
      }
    | undefined;
  /** The actor's member row (undefined: not a member). */
  me: { identity: number; muteUntil: number } | undefined;
  now: number;
}

/** Facts plus the member (or user) an action names. `target.identity` 0: not a member. */
export interface TargetFacts extends GroupFacts {
  target: { userId: number; identity: number } | undefined;
}

export interface JoinFacts extends GroupFacts {
  blacklisted: boolean;
  level: number;
}

const first = (...decisions: Array<() => Decision>): Decision => {
  for (const d of decisions) {
    const out = d();
    if (out !== true) return out;
  }
  return true;
};

const active = (f: GroupFacts): Decision =>
  f.group && f.group.status === GroupStatus.active ? true : 'groupNotFound';
const member = (f: GroupFacts): Decision =>
  first(
    () => active(f),
    () => (f.me ? true : 'forbidden'),
  );
const atLeast = (f: GroupFacts, identity: number): Decision =>
  first(
    () => member(f),
    () => (f.me!.identity >= identity ? true : 'forbidden'),
  );

/** Owner acts on anyone but themselves; an admin only on ordinary members. */
const outranks = (actorId: number, f: TargetFacts, needMember: boolean): Decision =>
  first(
    () => atLeast(f, Identity.admin),
    () => (f.target ? true : 'userNotFound'),
    () => (f.target!.userId === actorId ? 'forbidden' : true),
    () => (needMember && f.target!.identity === 0 ? 'groupMemberNotFound' : true),
    () => (f.target!.identity < f.me!.identity ? true : 'forbidden'),
  );

export const groupsPolicy = definePolicy({
  /** Read the group, its members and one's own settings: members only. */
  'group.view': (_a, f: GroupFacts) => member(f),
  /** Name, avatar, notice, welcome, level limit, switches, applications, lists of managers: admins and the owner. */
  'group.manage': (_a, f: GroupFacts) => atLeast(f, Identity.admin),
  /** Dissolve, transfer, set admins: the owner only. */
  'group.own': (_a, f: GroupFacts) => atLeast(f, Identity.owner),
  /** Transfer to another current member. */
  'group.transfer': (actor, f: TargetFacts) =>
    first(
      () => atLeast(f, Identity.owner),
      () => (f.target && f.target.identity > 0 ? true : 'groupMemberNotFound'),
      () => (f.target!.userId === actor.userId ? 'forbidden' : true),
    ),
  /** Invite: managers always; ordinary members unless inviteSwitch is 2. */
  'member.invite': (_a, f: GroupFacts) =>
    first(
      () => member(f),
      () => (f.me!.identity >= Identity.admin || f.group!.inviteSwitch !== 2 ? true : 'forbidden'),
    ),
  /** Remove or mute a member: the owner anyone, an admin ordinary members; never oneself. */
  'member.manage': (actor, f: TargetFacts) => outranks(actor.userId, f, true),
  /** Blacklist (or unblock) a user: as member.manage, the user need not be a member. */
  'member.black': (actor, f: TargetFacts) => outranks(actor.userId, f, false),
  /** Quit: members other than the owner (who dissolves or transfers first). */
  'group.quit': (_a, f: GroupFacts) =>
    first(
      () => member(f),
      () => (f.me!.identity === Identity.owner ? 'forbidden' : true),
    ),
  /** Apply to join (search or QR). */
  'group.join': (_a, f: JoinFacts) =>
    first(
      () => active(f),
      () => (f.me ? 'alreadyInGroup' : true),
      () => (f.blacklisted ? 'groupBlacklisted' : true),
      () => (f.group!.confirminviteSwitch === 2 ? 'groupNotPublic' : true),
      () => (f.group!.limitLevel > 0 && f.level < f.group!.limitLevel ? 'joinLevelTooLow' : true),
    ),
  /** Accept a join invitation: an active group one is not in yet and not blacklisted from. */
  'invitation.accept': (_a, f: JoinFacts) =>
    first(
      () => active(f),
      () => (f.me ? 'alreadyInGroup' : true),
      () => (f.blacklisted ? 'groupBlacklisted' : true),
    ),
  /** Be added by an invitation (the invitee must not be on the group's blacklist). */
  'group.invited': (_a, f: JoinFacts) => (f.blacklisted ? 'groupBlacklisted' : true),
  /** Send a message: a member, not muted; under mute-all only the owner and admins. */
  'message.send': (_a, f: GroupFacts) =>
    first(
      () => member(f),
      () => (f.me!.identity >= Identity.admin ? true : f.group!.bannedSwitch === 1 ? 'allMuted' : true),
      () => (f.me!.muteUntil > f.now ? 'mutedInGroup' : true),
    ),
  /** Friend application between two users: refused while they are ordinary members of one protected group. */
  'friend.apply': (_a, f: { protectedPair: boolean }) => (f.protectedPair ? 'memberProtected' : true),
  /** Revoke another member's messages: managers over those they outrank. */
  'message.revokeOthers': (actor, f: TargetFacts) => outranks(actor.userId, f, false),
  /** Mention everyone (@all): the owner and admins. */
  'message.mentionAll': (_a, f: GroupFacts) => atLeast(f, Identity.admin),
});

/** The `can` flags a group is answered with: the rules above, decided for the caller. */
export function groupCan(actorId: number, f: GroupFacts): GroupCan {
  const actor = { userId: actorId };
  return {
    manage: groupsPolicy['group.manage'](actor, f) === true,
    own: groupsPolicy['group.own'](actor, f) === true,
    invite: groupsPolicy['member.invite'](actor, f) === true,
    quit: groupsPolicy['group.quit'](actor, f) === true,
    mentionAll: groupsPolicy['message.mentionAll'](actor, f) === true,
  };
}

/** The `can` flags a member row is answered with (remove, mute, blacklist, revoke their messages). */
export function memberCan(
  actorId: number,
  f: GroupFacts,
  target: { userId: number; identity: number },
): MemberCan {
  return { manage: groupsPolicy['member.manage']({ userId: actorId }, { ...f, target }) === true };
}

/** An ordinary member's invitation waits for a manager while the group's inviteSwitch is 1. */
export function invitationNeedsApproval(inviterIdentity: number, inviteSwitch: number): boolean {
  return inviterIdentity === Identity.member && inviteSwitch === 1;
}
