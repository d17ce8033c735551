/**
 * Friends and tags constants without any schema, so the web client can import them without pulling
 * in zod (the schemas in rest/friends.ts and rest/tags.ts re-export these).
 */

/** Bounds of every friend list and action (documented in docs/api.md). */
export const FriendLimits = {
  /** Friends one user may have; accepting beyond it fails with 21009. */
  maxFriends: 5000,
  /** Users one user may blacklist; beyond it fails with 21011. */
  maxBlacklist: 1000,
  /** Page size cap of POST /userFriends/list (default = cap). */
  friendPageMax: 500,
  /** Page size cap of POST /userFriends/applyList (default 20). */
  applyPageMax: 100,
  applyPageDefault: 20,
  /** Page size cap of POST /user/friendBlack/list (default 50). */
  blackPageMax: 100,
  blackPageDefault: 50,
  /** A pending application older than this reads as expired (status 3) and can no longer be handled. */
  applyTtlMs: 7 * 24 * 3600 * 1000,
  /** Keep the group default reason bounded (the default text can exceed the 15 typed characters). */
  defaultReasonMax: 64,
} as const;

/** Friend application status. */
export const FriendApplyStatus = { pending: 0, accepted: 1, rejected: 2, expired: 3 } as const;
export type FriendApplyStatus = (typeof FriendApplyStatus)[keyof typeof FriendApplyStatus];

/** `handleStatus` of POST /userFriends/apply/handle. */
export const FriendHandleStatus = { accept: 1, reject: 2 } as const;

/**
 * `friendsStatus` of a profile (0 = friend; the rest are Parley's):
 * 1 stranger, 2 yourself, 3 you applied and wait, 4 they applied to you and wait for you.
 */
export const FriendsStatus = { friend: 0, stranger: 1, self: 2, applied: 3, applyReceived: 4 } as const;
export type FriendsStatus = (typeof FriendsStatus)[keyof typeof FriendsStatus];

/**
 * Moments visibility, per friend row of the owner (both default 0):
 * friendsSpaceStatus 1 = I do not see this friend's moments (不看他/她);
 * mineSpaceStatus 1 = this friend may not see my moments (不让他/她看).
 */
export const SpaceStatus = { visible: 0, hidden: 1 } as const;

/** Bounds of tags (the name length lives in the schema). */
export const TagLimits = {
  /** Tags one user may own; creating more fails with 21022. */
  maxTags: 100,
  /** Ids or wtIds in one call. */
  batch: 100,
  /** Page size cap of POST /userTag/getUserList (default = cap). */
  userPageMax: 500,
} as const;
