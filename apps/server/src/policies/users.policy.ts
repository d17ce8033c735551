import { definePolicy } from './policy.js';

/**
 * Looking another user up by wtId or phone (search, profile card). Services load the user found and
 * the relation: whether that user blacklisted the actor, and whether they are the actor's friend.
 */
export interface LookupFacts {
  userId: number | undefined;
  blocksActor: boolean;
  friend: boolean;
}

export const usersPolicy = definePolicy({
  /**
   * See a user found by wtId or phone (search, profile card): someone who blacklisted the actor and
   * is not their friend is answered exactly as an unknown user, so a lookup cannot tell.
   */
  'user.see': (actor, f: LookupFacts) => {
    if (f.userId === undefined) return 'userNotFound';
    if (f.userId === actor.userId) return true;
    return f.blocksActor && !f.friend ? 'userNotFound' : true;
  },
});
