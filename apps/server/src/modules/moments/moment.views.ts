import type { Moment, MomentInteractions } from '@parley/protocol';
import type { InteractionRepo } from './interaction.repo.js';
import { peopleIn, presentInteractions, presentMoment } from './moment.presenter.js';
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
  private async visible(viewerId: number, ids: number[]) {
    const [likes, comments] = await Promise.all([
      this.interactions.likesFor(viewerId, ids),
      this.interactions.commentsFor(viewerId, ids),
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

  async moments(viewerId: number, rows: MomentRow[]): Promise<Moment[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const { likes, comments } = await this.visible(viewerId, ids);
    const authors = rows.map((r) => Number(r.author_id));
    const people = await this.repo.people(viewerId, peopleIn(likes, comments, authors));
    const grouped = presentInteractions(viewerId, ids, likes, comments, people);
    const ownTagIds = rows
      .filter((r) => Number(r.author_id) === viewerId)
      .flatMap((r) => JSON.parse(r.tag_ids) as number[]);
    const tags = new Map((await this.repo.ownTags(viewerId, ownTagIds)).map((t) => [t.id, t]));
    return rows.map((r) => {
      const tagList = (JSON.parse(r.tag_ids) as number[]).flatMap((id) => tags.get(id) ?? []);
      return presentMoment(viewerId, r, people, grouped.get(Number(r.id))!, tagList);
    });
  }
}
