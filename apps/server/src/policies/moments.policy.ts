import { MomentVisibility } from '@parley/protocol';
import { definePolicy, type Decision } from './policy.js';
import { UserStatus } from './friends.policy.js';

/**
 * The facts about a viewer and one moment that the moments rules read, loaded in one place
 * (modules/moments/moment.access.ts). The feed query applies the same rule in SQL
 * (moment.repo.ts `feedPage`); the integration tests check both answer alike.
 */
export interface MomentFacts {
  authorId: number;
  authorStatus: number;
  visibility: number;
  /** The viewer's friendship row of the author (undefined: not their friend). */
  viewerSide: { friendsSpaceStatus: number } | undefined;
  /** The author's friendship row of the viewer. */
  authorSide: { mineSpaceStatus: number } | undefined;
  /** Either of the two blacklisted the other. */
  blocked: boolean;
  /** The moment was addressed to the viewer when it was posted (its tag rule held then). */
  addressed: boolean;
}

/** Whether the relation lets the viewer see the author's moments at all (self always). */
export function relationAllows(viewerId: number, f: Omit<MomentFacts, 'visibility' | 'addressed'>): boolean {
  if (viewerId === f.authorId) return true;
  return (
    f.authorStatus === UserStatus.active &&
    f.viewerSide !== undefined &&
    f.authorSide !== undefined &&
    f.viewerSide.friendsSpaceStatus === 0 &&
    f.authorSide.mineSpaceStatus === 0 &&
    !f.blocked
  );
}

/** Whether the moment's own visibility lets a viewer the relation allows see it. */
export function visibilityAllows(
  viewerId: number,
  f: Pick<MomentFacts, 'authorId' | 'visibility' | 'addressed'>,
) {
  if (viewerId === f.authorId) return true;
  if (f.visibility === MomentVisibility.all) return true;
  if (f.visibility === MomentVisibility.private) return false;
  return f.addressed;
}

/**
 * Who a new moment is addressed to (its inbox rows): the author, and for 'all' every friend, for
 * 'only tags' the friends in one of the tags, for 'except tags' the friends in none of them.
 */
export function audienceOf(
  authorId: number,
  visibility: number,
  friendIds: readonly number[],
  taggedIds: ReadonlySet<number>,
): number[] {
  const chosen = friendIds.filter((id) => {
    if (visibility === MomentVisibility.all) return true;
    if (visibility === MomentVisibility.onlyTags) return taggedIds.has(id);
    if (visibility === MomentVisibility.exceptTags) return !taggedIds.has(id);
    return false;
  });
  return [authorId, ...chosen.filter((id) => id !== authorId)];
}

/** An existing comment as the remove and reply rules see it. */
export interface CommentFacts {
  commentAuthorId: number;
  momentAuthorId: number;
}

const hidden = (visible: boolean): Decision => (visible ? true : 'momentNotFound');

export const momentsPolicy = definePolicy({
  /** Seeing a moment (detail, likes, comments, liking, commenting): the relation and its visibility. */
  'moment.view': (actor, f: MomentFacts) =>
    hidden(relationAllows(actor.userId, f) && visibilityAllows(actor.userId, f)),
  /** Removing a moment: its author only; to anyone else it does not exist. */
  'moment.remove': (actor, f: { authorId: number }) => hidden(f.authorId === actor.userId),
  /** Removing a comment: its author, or the moment's author. */
  'comment.remove': (actor, c: CommentFacts) =>
    c.commentAuthorId === actor.userId || c.momentAuthorId === actor.userId ? true : 'momentCommentForbidden',
  /**
   * Replying: to someone else whose comment on this moment the actor can see (their own friend,
   * or the moment's author).
   */
  'comment.reply': (actor, t: { targetId: number | undefined; visibleCommenter: boolean }) =>
    t.targetId !== undefined && t.targetId !== actor.userId && t.visibleCommenter
      ? true
      : 'momentReplyInvalid',
});
