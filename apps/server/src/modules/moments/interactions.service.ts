import {
  MomentNoticeType,
  type MomentComment,
  type MomentInteractions,
  type MomentLike,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { momentsPolicy } from '../../policies/moments.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRepo } from '../users/user.repo.js';
import { canView } from './moment.access.js';
import type { MomentViews } from './moment.views.js';
import type { InteractionRepo } from './interaction.repo.js';
import type { MomentRepo } from './moment.repo.js';
import { MOMENT_ACTIONS_PER_MINUTE, type MomentsService } from './moments.service.js';
import type { MomentNotices } from './notices.service.js';

/** Likes and comments on moments, with the notices they give (docs/api.md "Moments"). */
export class InteractionsService {
  private readonly likes: Limiter;
  private readonly comments: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly moments: MomentsService,
    private readonly momentRepo: MomentRepo,
    private readonly repo: InteractionRepo,
    private readonly users: UserRepo,
    private readonly views: MomentViews,
    private readonly notices: MomentNotices,
  ) {
    this.likes = ctx.limiters('moment-like', MOMENT_ACTIONS_PER_MINUTE, 60_000);
    this.comments = ctx.limiters('moment-comment', MOMENT_ACTIONS_PER_MINUTE, 60_000);
  }

  async of(userId: number, id: number): Promise<MomentInteractions> {
    await this.moments.visible(userId, id);
    return (await this.views.interactionsOf(userId, [id])).get(id)!;
  }

  /** Likes and comments of several moments; those the caller may not see are left out. */
  async batch(userId: number, ids: number[]): Promise<MomentInteractions[]> {
    const unique = [...new Set(ids)];
    const visible: number[] = [];
    for (const id of unique) {
      const row = await this.momentRepo.byId(id);
      if (row && (await canView(this.momentRepo, userId, row))) visible.push(id);
    }
    const map = await this.views.interactionsOf(userId, visible);
    return visible.map((id) => map.get(id)!);
  }

  /** A page of a moment's comments the caller may see, after comment `lastId`, oldest first. */
  async commentsPage(
    userId: number,
    q: { friendsCircleId: number; lastId?: number; pageSize: number },
  ): Promise<{ rows: MomentComment[]; hasMore: boolean }> {
    await this.moments.visible(userId, q.friendsCircleId);
    return this.views.commentsAfter(userId, q.friendsCircleId, q.lastId ?? 0, q.pageSize);
  }

  /** Likes the moment, or takes the like back (and its notice). */
  async praise(
    userId: number,
    id: number,
  ): Promise<{ id: number; minePraiseStatus: 0 | 1; praiseList: MomentLike[] }> {
    const row = await this.moments.visible(userId, id);
    if (!(await this.likes.hit(`u:${userId}`))) throw fail('rateLimited');
    const authorId = Number(row.author_id);
    const liked = await this.ctx.uow.run(async (uow) => {
      const now = this.ctx.clock.now();
      const on = await this.repo.in(uow).toggleLike(id, userId, now);
      const notices = this.notices.repo.in(uow);
      if (on && authorId !== userId) {
        await notices.insert([
          {
            user_id: authorId,
            moment_id: id,
            actor_id: userId,
            kind: MomentNoticeType.like,
            comment_id: null,
            created_at: now,
          },
        ]);
        this.notices.pushAfter(uow, [authorId]);
      }
      if (!on) this.notices.pushAfter(uow, await notices.removeForLike(id, userId));
      return on;
    });
    const mine = (await this.views.interactionsOf(userId, [id])).get(id)!;
    return { id, minePraiseStatus: liked ? 1 : 0, praiseList: mine.likeList };
  }

  async comment(
    userId: number,
    body: { friendsCircleId: number; content: string; replyToWtId?: string },
  ): Promise<{ id: number; comment: MomentComment; commentsList: MomentComment[] }> {
    const id = body.friendsCircleId;
    const row = await this.moments.visible(userId, id);
    this.moments.checkText(body.content);
    if (!(await this.comments.hit(`u:${userId}`))) throw fail('rateLimited');
    const authorId = Number(row.author_id);
    let replyToId: number | null = null;
    if (body.replyToWtId !== undefined) {
      const target = await this.users.byWtId(body.replyToWtId);
      const targetId = target ? Number(target.id) : undefined;
      const visibleCommenter =
        targetId !== undefined &&
        (await this.repo.hasCommented(id, targetId)) &&
        (await this.seesCommentsOf(userId, targetId, authorId));
      authorize(momentsPolicy, 'comment.reply', { userId }, { targetId, visibleCommenter });
      replyToId = targetId!;
    }
    const created = await this.ctx.uow.run(async (uow) => {
      const now = this.ctx.clock.now();
      const c = await this.repo.in(uow).insertComment({
        moment_id: id,
        author_id: userId,
        reply_to_id: replyToId,
        content: body.content,
        created_at: now,
      });
      const notice = (user_id: number, kind: number) => ({
        user_id,
        moment_id: id,
        actor_id: userId,
        kind,
        comment_id: Number(c.id),
        created_at: now,
      });
      const rows = [];
      if (replyToId !== null) rows.push(notice(replyToId, MomentNoticeType.reply));
      if (authorId !== userId && authorId !== replyToId)
        rows.push(notice(authorId, MomentNoticeType.comment));
      await this.notices.repo.in(uow).insert(rows);
      this.notices.pushAfter(
        uow,
        rows.map((r) => r.user_id),
      );
      return c;
    });
    const commentsList = (await this.views.interactionsOf(userId, [id])).get(id)!.commentsList;
    return { id, comment: commentsList.find((c) => c.id === Number(created.id))!, commentsList };
  }

  /** Whether the caller sees `targetId`'s comments: the moment's author or a friend, no blacklist either way. */
  private async seesCommentsOf(userId: number, targetId: number, authorId: number): Promise<boolean> {
    const relation = await this.momentRepo.relation(userId, targetId);
    if (!relation || relation.blocked) return false;
    return targetId === authorId || relation.viewerSide !== undefined;
  }

  /** Removes a comment (its author or the moment's author) with its notices. */
  async removeComment(
    userId: number,
    commentId: number,
  ): Promise<{ id: number; friendsCircleId: number; commentsList: MomentComment[] }> {
    const c = await this.repo.commentById(commentId);
    const row = c ? await this.momentRepo.byId(Number(c.moment_id)) : undefined;
    if (!c || !row || !(await canView(this.momentRepo, userId, row))) throw fail('momentCommentNotFound');
    authorize(
      momentsPolicy,
      'comment.remove',
      { userId },
      { commentAuthorId: Number(c.author_id), momentAuthorId: Number(row.author_id) },
    );
    await this.ctx.uow.run(async (uow) => {
      const holders = await this.notices.repo.in(uow).recipientsOfComment(commentId);
      await this.repo.in(uow).removeComment(commentId);
      this.notices.pushAfter(uow, holders);
    });
    const momentId = Number(row.id);
    const commentsList = (await this.views.interactionsOf(userId, [momentId])).get(momentId)!.commentsList;
    return { id: commentId, friendsCircleId: momentId, commentsList };
  }
}
