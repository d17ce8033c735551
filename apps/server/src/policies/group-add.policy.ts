import { definePolicy } from './policy.js';

/**
 * Putting someone in a group (a creation naming them, or an invitation): what the inviter and the
 * invited user are to each other decides. A blacklist either way refuses it; a friend is added; anyone
 * else gets a join invitation and joins only if they accept it.
 */
export interface AddFacts {
  /** The inviter and the invited user are friends. */
  friend: boolean;
  /** The inviter blacklisted the invited user. */
  inviterBlocks: boolean;
  /** The invited user blacklisted the inviter. */
  invitedBlocks: boolean;
}

export const groupAddPolicy = definePolicy({
  'group.add': (_actor, f: AddFacts) => (f.inviterBlocks || f.invitedBlocks ? 'groupAddBlocked' : true),
});

/** How an allowed addition happens: at once (a friend) or by the invited user's consent. */
export function additionOf(f: AddFacts): 'add' | 'consent' {
  return f.friend ? 'add' : 'consent';
}
