import type { Relation } from '../../policies/friends.policy.js';
import type { UserRow } from '../users/user.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendshipRepo } from './friendship.repo.js';

/** A relation with nothing known yet (fill in what a rule needs). */
export const NO_RELATION: Relation = {
  targetId: undefined,
  targetStatus: undefined,
  friend: false,
  iBlock: false,
  blocksMe: false,
};

/** Loads the facts friend rules read (policies/friends.policy.ts) about the actor and `target`. */
export async function loadRelation(
  repos: { friendships: Pick<FriendshipRepo, 'get'>; blacklist: Pick<BlacklistRepo, 'between'> },
  actorId: number,
  target: Pick<UserRow, 'id' | 'status'> | undefined,
): Promise<Relation> {
  if (!target) return NO_RELATION;
  if (target.id === actorId) {
    return {
      targetId: target.id,
      targetStatus: target.status,
      friend: false,
      iBlock: false,
      blocksMe: false,
    };
  }
  const [friendship, blocks] = await Promise.all([
    repos.friendships.get(actorId, target.id),
    repos.blacklist.between(actorId, target.id),
  ]);
  return {
    targetId: target.id,
    targetStatus: target.status,
    friend: friendship !== undefined,
    iBlock: blocks.aBlocksB,
    blocksMe: blocks.bBlocksA,
  };
}
