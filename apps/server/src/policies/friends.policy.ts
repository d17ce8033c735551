import { definePolicy, type Decision } from './policy.js';

/** Account status of a user row: 0 active, 1 cancelled, anything else disabled. */
export const UserStatus = { active: 0, cancelled: 1 } as const;

/**
 * The facts about the actor and one other user that friend rules read, loaded in one place
 * (modules/friends/relation.ts). `target` is undefined when no such user exists.
 */
export interface Relation {
  targetId: number | undefined;
  targetStatus: number | undefined;
  /** The actor has the target as a friend. */
  friend: boolean;
  /** The actor blacklisted the target. */
  iBlock: boolean;
  /** The target blacklisted the actor. */
  blocksMe: boolean;
}

const exists = (r: Relation): Decision => {
  if (r.targetId === undefined) return 'userNotFound';
  if (r.targetStatus === UserStatus.cancelled) return 'accountCancelled';
  if (r.targetStatus !== UserStatus.active) return 'userNotFound';
  return true;
};

const first = (...decisions: Array<() => Decision>): Decision => {
  for (const d of decisions) {
    const out = d();
    if (out !== true) return out;
  }
  return true;
};

export const friendsPolicy = definePolicy({
  /** Send (or renew) a friend application. */
  'friend.apply': (actor, r: Relation) =>
    first(
      () => (r.targetId === actor.userId ? 'applySelf' : true),
      () => exists(r),
      () => (r.friend ? 'alreadyFriend' : true),
      () => (r.blocksMe ? 'blockedByTarget' : true),
      () => (r.iBlock ? 'targetInMyBlacklist' : true),
    ),
  /** Accept an application from the target (the applicant must still be an active user). */
  'friend.accept': (_actor, r: Relation) =>
    r.targetStatus === UserStatus.cancelled ? 'accountCancelled' : true,
  /** Remark, moments visibility, tag membership: only on one's own friends. */
  'friend.edit': (_actor, r: Relation) => (r.friend ? true : 'notFriend'),
  /** Ending a friendship names an existing user other than oneself. */
  'friend.delete': (actor, r: Relation) =>
    r.targetId === undefined ? 'userNotFound' : r.targetId === actor.userId ? 'notFriend' : true,
  /** Blacklisting (and unblocking) anyone but oneself. */
  'blacklist.change': (actor, r: Relation) =>
    r.targetId === undefined ? 'userNotFound' : r.targetId === actor.userId ? 'blackSelf' : true,
  /** One-to-one messages: the peer exists, is active, and neither side blocks the other. */
  'message.send': (_actor, r: Relation) =>
    first(
      () => exists(r),
      () => (r.blocksMe ? 'blacklisted' : true),
      () => (r.iBlock ? 'targetInMyBlacklist' : true),
    ),
  /** Tags are private: another user's tag reads as missing. */
  'tag.use': (actor, tag: { ownerId: number } | undefined) =>
    tag && tag.ownerId === actor.userId ? true : 'tagNotFound',
  /** Handling an application: it must exist and be addressed to the actor. */
  'application.handle': (actor, app: { toId: number } | undefined) =>
    app && app.toId === actor.userId ? true : 'applyNotFound',
});
