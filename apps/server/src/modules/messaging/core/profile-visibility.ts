/**
 * What decides whether a user may still see the live profile (name, avatar) of a conversation's
 * other side: for a user, whether they blacklisted the viewer and whether the two are friends or
 * chat partners; for a group, whether the viewer is a member of it now.
 */
export type ProfileFacts =
  | { kind: 'user'; blockedByThem: boolean; friend: boolean; chatPartner: boolean }
  | { kind: 'group'; member: boolean };

/**
 * The one rule of who sees whose profile in a list row (docs/api.md "Messages and conversations",
 * "Session groups"): a group only to its members, a user only to a friend or chat partner they have
 * not blacklisted. A row the viewer may not see keeps its place with an empty name and avatar.
 */
export const profileVisible = (f: ProfileFacts): boolean =>
  f.kind === 'group' ? f.member : !f.blockedByThem && (f.friend || f.chatPartner);
