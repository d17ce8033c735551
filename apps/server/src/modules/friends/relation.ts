import type { Steps } from '../../db/steps.js';
import type { Relation } from '../../policies/friends.policy.js';
import type { UserRow } from '../users/user.repo.js';
import { blocksBetweenSteps, type BlacklistRepo } from './blacklist.repo.js';
import { friendshipSteps, type FriendshipRepo } from './friendship.repo.js';

/** A relation with nothing known yet (fill in what a rule needs). */
export const NO_RELATION: Relation = {
  targetId: undefined,
  targetStatus: undefined,
  friend: false,
  iBlock: false,
  blocksMe: false,
};

type Target = Pick<UserRow, 'id' | 'status'>;
type Blocks = { aBlocksB: boolean; bBlocksA: boolean };

/** The relation from what was read: the friendship row (if any) and the blocks between the two. */
function relationOf(target: Target, friend: boolean, blocks: Blocks): Relation {
  return {
    targetId: target.id,
    targetStatus: target.status,
    friend,
    iBlock: blocks.aBlocksB,
    blocksMe: blocks.bBlocksA,
  };
}

const NO_BLOCKS: Blocks = { aBlocksB: false, bBlocksA: false };

/** Loads the facts friend rules read (policies/friends.policy.ts) about the actor and `target`. */
export async function loadRelation(
  repos: { friendships: Pick<FriendshipRepo, 'get'>; blacklist: Pick<BlacklistRepo, 'between'> },
  actorId: number,
  target: Target | undefined,
): Promise<Relation> {
  if (!target) return NO_RELATION;
  if (target.id === actorId) return relationOf(target, false, NO_BLOCKS);
  const [friendship, blocks] = await Promise.all([
    repos.friendships.get(actorId, target.id),
    repos.blacklist.between(actorId, target.id),
  ]);
  return relationOf(target, friendship !== undefined, blocks);
}

/** `loadRelation` as a step function (db/steps.ts), for the send path. */
export function* relationSteps(actorId: number, target: Target): Steps<Relation> {
  if (target.id === actorId) return relationOf(target, false, NO_BLOCKS);
  const friendship = yield* friendshipSteps(actorId, target.id);
  const blocks = yield* blocksBetweenSteps(actorId, target.id);
  return relationOf(target, friendship !== undefined, blocks);
}
