import type { MomentNotice, Page } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { parseMedia } from './moment.presenter.js';
import type { MomentRepo } from './moment.repo.js';
import type { NoticeRepo } from './notice.repo.js';

/**
 * Moment notices: a like, a comment or a reply addressed to a user; the unread count is the
 * moments badge, pushed as socket type 2 `{count}` (and in `counters.updated`) after each change.
 */
export class MomentNotices {
  constructor(
    private readonly ctx: AppContext,
    readonly repo: NoticeRepo,
    private readonly moments: MomentRepo,
  ) {}

  unreadCount(userId: number): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  /** After the commit: each user's unread count as type 2 and as the `moments` sidebar counter. */
  pushAfter(uow: UnitOfWork, userIds: Iterable<number>): void {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    uow.afterCommit(async () => {
      for (const id of ids) {
        const count = await this.repo.unreadCount(id);
        await this.ctx.realtime.emit([id], '2', { count });
        // Only the moments counter changed: the others are not computed again.
        await this.ctx.realtime.emit([id], 'counters.updated', { moments: count });
      }
    });
  }

  async list(userId: number, q: { pageNum: number; pageSize: number }): Promise<Page<MomentNotice>> {
    const { rows, total } = await this.repo.page(userId, {
      offset: (q.pageNum - 1) * q.pageSize,
      limit: q.pageSize,
    });
    const [people, previews, texts] = await Promise.all([
      this.moments.people(
        userId,
        rows.map((r) => Number(r.actor_id)),
      ),
      this.repo.previews(rows.map((r) => Number(r.moment_id))),
      this.repo.commentTexts(rows.flatMap((r) => (r.comment_id == null ? [] : [Number(r.comment_id)]))),
    ]);
    return {
      total,
      rows: rows.map((r) => {
        const actor = people.get(Number(r.actor_id));
        const preview = previews.get(Number(r.moment_id));
        const media = preview ? parseMedia(preview.media) : undefined;
        return {
          id: Number(r.id),
          type: Number(r.kind),
          friendsCircleId: Number(r.moment_id),
          wtId: actor?.wtId ?? '',
          nickName: actor?.nickName ?? '',
          avatar: actor?.avatar ?? '',
          content: r.comment_id == null ? '' : (texts.get(Number(r.comment_id)) ?? ''),
          momentContent: preview?.content ?? '',
          momentImage: media?.images[0]?.thumbUrl ?? media?.video?.snapshotUrl ?? '',
          isRead: Number(r.is_read) ? 1 : 0,
          createTime: Number(r.created_at),
        };
      }),
    };
  }

  /** Marks every notice read: the badge goes to 0 on every tab. */
  async clear(userId: number): Promise<{ count: number }> {
    await this.ctx.uow.run(async (uow) => {
      await this.repo.in(uow).markAllRead(userId);
      this.pushAfter(uow, [userId]);
    });
    return { count: 0 };
  }
}
