import type { AppContext } from '../../../lib/context.js';
import type { GroupsModule } from '../../groups/groups.module.js';
import type { UsersModule } from '../../users/users.module.js';
import { GroupChatAccess } from './group-access.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { groupMessageHandlers } from './group-messages.routes.js';
import { pinConversationOf, pinGroupOf } from './group-pin.js';
import type { GroupPort } from './group-port.js';
import { GroupReceipts } from './group-receipts.js';
import { GroupRevokes } from './group-revoke.js';
import { GroupSendService } from '../send/group-send.js';
import { GroupReads } from './group-sync.js';
import { GroupTipStore } from './group-tips.js';
import type { MessagingModule } from '../messaging.module.js';

/**
 * Group messaging (docs/architecture.md "Group messaging"): the group side of the messaging engine,
 * built once the groups module exists. It stores the groups module's tips as messages (its `tip`
 * hook), hands `GROUP…` conversations of the shared routes to the group services (`GroupPort`), and
 * serves the group-only routes (read receipts, read members, revoke all).
 */
export function createGroupMessagingModule(
  ctx: AppContext,
  users: UsersModule,
  messaging: MessagingModule,
  groups: GroupsModule,
) {
  const chats = new GroupChatAccess(ctx, groups.access);
  const send = new GroupSendService(ctx, chats, messaging.send.commits);
  const reads = new GroupReads(ctx, chats);
  const revokes = new GroupRevokes(ctx, chats, groups.access, users.repo);
  const receipts = new GroupReceipts(ctx, chats, users.counters);
  const tips = new GroupTipStore(ctx);
  groups.hooks.on('tip', (p, uow) => tips.store(uow, p.groupId, p.tip, p.at));
  groups.hooks.on('pinned', (p, uow) => pinConversationOf(uow, p));

  const port: GroupPort = {
    send: (userId, body) => send.send(userId, body),
    history: (userId, body) => reads.history(userId, body),
    scope: (userId, id) => reads.scope(userId, id),
    changes: (userId, known, rows) => reads.changes(userId, known, rows),
    revoke: (userId, row) => revokes.revoke(userId, row),
    member: async (userId, id) => (await chats.open(userId, id)).member,
    read: (userId, id, seq) => receipts.read(userId, id, seq),
    pinned: (uow, conversationId, userId, pinned) => pinGroupOf(uow, conversationId, userId, pinned),
  };
  messaging.send.group = port;
  messaging.messages.group = port;
  messaging.chats.group = port;

  return {
    send,
    reads,
    revokes,
    receipts,
    repo: new GroupConvRepo(ctx.db),
    handlers: groupMessageHandlers(receipts, revokes),
  };
}
export type GroupMessagingModule = ReturnType<typeof createGroupMessagingModule>;
