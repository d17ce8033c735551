import type { AppContext } from '../../lib/context.js';
import { ConversationRepo } from '../messaging/core/conversation.repo.js';
import type { MessagingModule } from '../messaging/messaging.module.js';
import type { UsersModule } from '../users/users.module.js';
import { PinRepo } from './pin.repo.js';
import { pinHandlers } from './pins.routes.js';
import { PinsService } from './pins.service.js';

/** Pinned messages of one-to-one chats (docs/api.md "Pinned messages"). */
export function createPinsModule(ctx: AppContext, users: UsersModule, messaging: MessagingModule) {
  const service = new PinsService(ctx, new PinRepo(ctx.db), users.repo, new ConversationRepo(ctx.db));
  messaging.messages.hooks.on('messages.gone', (p, uow) => service.onMessagesGone(uow, p));
  return { service, handlers: pinHandlers(service) };
}
