import { MomentLimits, type Moment, type MomentInteractions } from '@parley/protocol';
import type { InteractionRepo } from './interaction.repo.js';
import { peopleIn, presentComment, presentInteractions, presentMoment } from './moment.presenter.js';
import type { MomentRepo, MomentRow } from './moment.repo.js';

/**
 * Moments as one viewer sees them: a page's likes, comments and names loaded in three queries
 * whatever the page's size (the batch loading of a feed page).
 */
export class MomentViews {
  constructor(
    private readonly repo: MomentRepo,
    private readonly interactions: InteractionRepo,
  ) {}

  /**
   * The likes and comments of `ids` the viewer may see: the viewer's own and their friends', less
   * those of anyone blacklisted either way.
   */
  private async visible(viewerId: number, ids: number[], firstComments?: number) {
    const [likes, comments] = await Promise.all([
      this.interactions.likesFor(viewerId, ids),
      firstComments === undefined
        ? this.interactions.commentsFor(viewerId, ids)
        : this.interactions.firstCommentsFor(viewerId, ids, firstComments),
    ]);
    const blocked = await this.repo.blockedEitherWay(viewerId, peopleIn(likes, comments));
    if (blocked.size === 0) return { likes, comments };
    return {
      likes: likes.filter((l) => !blocked.has(Number(l.user_id))),
      comments: comments.filter((c) => !blocked.has(Number(c.author_id))),
    };
  }

  async interactionsOf(viewerId: number, ids: number[]): Promise<Map<number, MomentInteractions>> {
    const { likes, comments } = await this.visible(viewerId, ids);
    const people = await this.repo.people(viewerId, peopleIn(likes, comments));
    return presentInteractions(viewerId, ids, likes, comments, people);
  }

  /** Comments of one moment the viewer may see after comment `afterId` (a page of `size`). */
  async commentsAfter(viewerId: number, momentId: number, afterId: number, size: number) {
    const rows = await this.interactions.commentsAfter(viewerId, momentId, afterId, size + 1);
    const shown = rows.slice(0, size);
    const blocked = await this.repo.blockedEitherWay(viewerId, peopleIn([], shown));
    const kept = shown.filter((c) => !blocked.has(Number(c.author_id)));
    const people = await this.repo.people(viewerId, peopleIn([], kept));
    return { rows: kept.map((c) => presentComment(c, people)), hasMore: rows.length > size };
  }

  /** Moments with their likes and their first `MomentLimits.commentsShown` comments. */
  async moments(viewerId: number, rows: MomentRow[]): Promise<Moment[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const shownComments = MomentLimits.commentsShown;
    const visible = await this.visible(viewerId, ids, shownComments);
    const likes = visible.likes;
    // One more than shown was read per moment: it tells that more follow, and is left out.
    const counted = new Map<number, number>();
    const more = new Set<number>();
    const comments = visible.comments.filter((c) => {
      const id = Number(c.moment_id);
      const n = (counted.get(id) ?? 0) + 1;
      counted.set(id, n);
      if (n <= shownComments) return true;
      more.add(id);
      return false;
    });
    const authors = rows.map((r) => Number(r.author_id));
    const people = await this.repo.people(viewerId, peopleIn(likes, comments, authors));
    const grouped = presentInteractions(viewerId, ids, likes, comments, people);
    const ownTagIds = rows
      .filter((r) => Number(r.author_id) === viewerId)
      .flatMap((r) => JSON.parse(r.tag_ids) as number[]);
    const tags = new Map((await this.repo.ownTags(viewerId, ownTagIds)).map((t) => [t.id, t]));
    return rows.map((r) => {
      const tagList = (JSON.parse(r.tag_ids) as number[]).flatMap((id) => tags.get(id) ?? []);
      const id = Number(r.id);
      return presentMoment(viewerId, r, people, grouped.get(id)!, tagList, more.has(id));
    });
  }
}
