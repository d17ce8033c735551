import type { AppContext } from '../../lib/context.js';
import { ConversationRepo } from '../messaging/core/conversation.repo.js';
import { ReactionSummaryRepo } from '../messaging/core/reaction-summary.repo.js';
import type { UsersModule } from '../users/users.module.js';
import { ReactionRepo } from './reaction.repo.js';
import { reactionHandlers } from './reactions.routes.js';
import { ReactionsService } from './reactions.service.js';

/** Emoji reactions on messages (docs/api.md "Reactions"). */
export function createReactionsModule(ctx: AppContext, users: UsersModule) {
  const service = new ReactionsService(
    ctx,
    new ReactionRepo(ctx.db),
    users.repo,
    new ConversationRepo(ctx.db),
    new ReactionSummaryRepo(ctx.db),
  );
  return { service, handlers: reactionHandlers(service) };
}
