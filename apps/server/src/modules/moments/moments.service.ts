import { MomentVisibility, type Moment, type MomentAddBody, type MomentPage } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { momentsPolicy, relationAllows } from '../../policies/moments.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRepo } from '../users/user.repo.js';
import type { MomentFanout } from './fanout.js';
import type { FanoutRepo } from './fanout.repo.js';
import { canView, momentFacts } from './moment.access.js';
import type { StoredMedia } from './moment.presenter.js';
import type { MomentRepo, MomentRow } from './moment.repo.js';
import type { MomentViews } from './moment.views.js';
import type { MomentNotices } from './notices.service.js';

type PageBody = { pageNum: number; pageSize: number; lastId?: number };

/** Moments one user may post per minute; 429 beyond. */
export const MOMENT_POSTS_PER_MINUTE = 60;
/** Likes (and takings back) or comments one user may make per minute, each; 429 beyond. */
export const MOMENT_ACTIONS_PER_MINUTE = 300;

/** What a new moment may name: the caller's own uploads, of the right kind. */
export interface MediaCheck {
  ownOriginals(
    ownerId: number,
    urls: readonly string[],
  ): Promise<Map<string, { kind: string; width: number; height: number; thumbUrl: string }>>;
}

/** Posting, the feed, a friend's album, a moment's detail and removing one (docs/api.md "Moments"). */
export class MomentsService {
  private readonly posts: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly moments: MomentRepo,
    private readonly users: UserRepo,
    private readonly media: MediaCheck,
    private readonly views: MomentViews,
    private readonly notices: MomentNotices,
    private readonly jobs: FanoutRepo,
    private readonly fanout: MomentFanout,
  ) {
    this.posts = ctx.limiters('moment-post', MOMENT_POSTS_PER_MINUTE, 60_000);
  }

  async add(userId: number, b: MomentAddBody): Promise<Moment> {
    if (!(await this.posts.hit(`u:${userId}`))) throw fail('rateLimited');
    if (!b.content.trim() && b.images.length === 0 && !b.video) throw fail('momentEmpty');
    this.checkText(b.content);
    const media = await this.checkMedia(userId, b);
    const tags = await this.moments.ownTags(userId, b.tagIds);
    if (tags.length !== new Set(b.tagIds).size) throw fail('tagNotFound');
    const row = await this.ctx.uow.run(async (uow) => {
      const repo = this.moments.in(uow);
      const now = this.ctx.clock.now();
      const inserted = await repo.insert({
        author_id: userId,
        content: b.content,
        media: JSON.stringify(media),
        visibility: b.visibility,
        tag_ids: JSON.stringify(tags.map((t) => t.id)),
        created_at: now,
      });
      // The author sees it at once; friends get it from the fan-out (fanout.ts) after the commit.
      const jobs = this.jobs.in(uow);
      await jobs.address(Number(inserted.id), [userId]);
      if (b.visibility !== MomentVisibility.private) {
        await jobs.enqueue({
          moment_id: Number(inserted.id),
          author_id: userId,
          after_id: 0,
          created_at: now,
        });
        uow.afterCommit(() => this.fanout.kick());
      }
      return inserted;
    });
    return (await this.views.moments(userId, [row]))[0]!;
  }

  /** Refuses text with a configured sensitive word (80001), as messages do. */
  checkText(text: string): void {
    const lower = text.toLowerCase();
    if (this.ctx.config.sensitiveWords.some((w) => lower.includes(w))) throw fail('sensitiveText');
  }

  private async checkMedia(userId: number, b: MomentAddBody): Promise<StoredMedia> {
    const urls = [...b.images, ...(b.video ? [b.video.url, b.video.snapshotUrl ?? ''] : [])].filter(Boolean);
    const own = await this.media.ownOriginals(userId, urls);
    const pick = (url: string, kind: string) => {
      const found = own.get(url);
      if (!found || found.kind !== kind) throw fail('momentMediaInvalid');
      return found;
    };
    const images = b.images.map((url) => {
      const f = pick(url, 'image');
      return { url, thumbUrl: f.thumbUrl, width: f.width, height: f.height };
    });
    let video: StoredMedia['video'] = null;
    if (b.video) {
      pick(b.video.url, 'video');
      const snapshotUrl = b.video.snapshotUrl ? pick(b.video.snapshotUrl, 'image').thumbUrl : '';
      video = { url: b.video.url, snapshotUrl };
    }
    return { images, video };
  }

  /** The feed: own moments and those addressed to the viewer that they may still see, newest first. */
  async feed(userId: number, q: PageBody): Promise<MomentPage> {
    const rows = await this.moments.feedPage(userId, {
      beforeId: q.lastId,
      offset: q.lastId === undefined ? (q.pageNum - 1) * q.pageSize : 0,
      limit: q.pageSize + 1,
    });
    return this.page(userId, rows, q.pageSize);
  }

  /** A user's album: what of their moments the viewer may see (nothing, when the relation forbids). */
  async album(userId: number, q: PageBody & { wtId: string }): Promise<MomentPage> {
    const author = await this.users.byWtId(q.wtId);
    if (!author) throw fail('userNotFound');
    const authorId = Number(author.id);
    if (authorId !== userId) {
      const relation = await this.moments.relation(userId, authorId);
      if (!relation || !relationAllows(userId, { authorId, ...relation }))
        return { rows: [], hasMore: false };
    }
    const rows = await this.moments.albumPage(authorId, userId, {
      beforeId: q.lastId,
      offset: q.lastId === undefined ? (q.pageNum - 1) * q.pageSize : 0,
      limit: q.pageSize + 1,
    });
    return this.page(userId, rows, q.pageSize);
  }

  private async page(userId: number, rows: MomentRow[], size: number): Promise<MomentPage> {
    const shown = rows.slice(0, size);
    return { rows: await this.views.moments(userId, shown), hasMore: rows.length > size };
  }

  /** A moment the viewer may see, else 23101 (the same answer whether it exists or not). */
  async visible(userId: number, id: number): Promise<MomentRow> {
    const row = await this.moments.byId(id);
    if (!row || !(await canView(this.moments, userId, row))) throw fail('momentNotFound');
    return row;
  }

  async detail(userId: number, id: number): Promise<Moment> {
    const row = await this.moments.byId(id);
    if (!row) throw fail('momentNotFound');
    authorize(momentsPolicy, 'moment.view', { userId }, await momentFacts(this.moments, userId, row));
    return (await this.views.moments(userId, [row]))[0]!;
  }

  /** Removes the author's moment with its likes, comments and their notices (counts pushed). */
  async remove(userId: number, id: number): Promise<{ id: number }> {
    const row = await this.moments.byId(id);
    if (!row) throw fail('momentNotFound');
    authorize(momentsPolicy, 'moment.remove', { userId }, { authorId: Number(row.author_id) });
    await this.ctx.uow.run(async (uow) => {
      const holders = await this.notices.repo.in(uow).recipientsOfMoment(id);
      await this.jobs.in(uow).remove(id);
      await this.moments.in(uow).remove(id);
      this.notices.pushAfter(uow, holders);
    });
    return { id };
  }
}
