import type { AppContext } from '../../lib/context.js';
import type { UsersModule } from '../users/users.module.js';
import { MomentFanout } from './fanout.js';
import { FanoutRepo } from './fanout.repo.js';
import { InteractionRepo } from './interaction.repo.js';
import { InteractionsService } from './interactions.service.js';
import { MomentRepo } from './moment.repo.js';
import { MomentViews } from './moment.views.js';
import { momentHandlers } from './moments.routes.js';
import { MomentsService, type MediaCheck } from './moments.service.js';
import { NoticeRepo } from './notice.repo.js';
import { MomentNotices } from './notices.service.js';

/** Moments (朋友圈, docs/api.md "Moments"); registers the `moments` counter (the sidebar badge). */
export function createMomentsModule(ctx: AppContext, users: UsersModule, media: MediaCheck) {
  const repo = new MomentRepo(ctx.db);
  const interactionRepo = new InteractionRepo(ctx.db);
  const views = new MomentViews(repo, interactionRepo);
  const notices = new MomentNotices(ctx, new NoticeRepo(ctx.db), repo);
  const jobs = new FanoutRepo(ctx.db);
  const fanout = new MomentFanout(ctx, jobs, repo, users.repo, ctx.config.momentFanoutChunk);
  const moments = new MomentsService(ctx, repo, users.repo, media, views, notices, jobs, fanout);
  const interactions = new InteractionsService(
    ctx,
    moments,
    repo,
    interactionRepo,
    users.repo,
    views,
    notices,
  );
  users.counters.register(async (userId) => ({ moments: await notices.unreadCount(userId) }));
  return {
    moments,
    interactions,
    notices,
    repo,
    fanout,
    handlers: momentHandlers(moments, interactions, notices),
  };
}
