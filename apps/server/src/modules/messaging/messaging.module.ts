import { c2cConversationId } from './core/conversation-id.js';
import type { AppContext } from '../../lib/context.js';
import type { Gateway } from '../../realtime/gateway.js';
import { TypingLimits } from '../../realtime/typing-limits.js';
import type { FriendsModule } from '../friends/friends.module.js';
import type { UsersModule } from '../users/users.module.js';
import { ContactSearch } from './core/contact-search.repo.js';
import { ConversationRepo } from './core/conversation.repo.js';
import { ConversationService } from './core/conversation.service.js';
import { MessageService } from './core/message.service.js';
import { conversationHandlers, messageHandlers } from './messaging.routes.js';
import { PeerResolver } from './core/peer.js';
import { Chats } from './core/chats.js';
import { SearchIndexer } from './core/search-indexer.js';
import { SendService, storeFriendNotice, type BannedFiles } from './send/send.service.js';
import { SyncRepo } from './core/sync.repo.js';
import { SyncPaging } from './core/sync-paging.js';
import { GroupConvRepo } from './group/group-conv.repo.js';

/**
 * One-to-one messaging: conversations, sending, history, sync, receipts, typing, revoke, delete,
 * drafts and search. Registers the `unread` counter and the friendship.deleted hook; the socket
 * frames are registered once the gateway exists (`registerFrames`).
 */
export function createMessagingModule(
  ctx: AppContext,
  users: UsersModule,
  friends: FriendsModule,
  files?: BannedFiles,
) {
  const peers = new PeerResolver(users.repo);
  const send = new SendService(ctx, peers, friends.blacklist, files);
  const indexer = new SearchIndexer(ctx, ctx.config.searchIndexEveryMs);
  const chats = new Chats(ctx, peers);
  const messages = new MessageService(ctx, chats, indexer);
  const syncs = new SyncPaging(ctx, messages);
  const conversations = new ConversationService(ctx, chats, users.counters);
  const convRepo = new ConversationRepo(ctx.db);
  const typingLimits = new TypingLimits(ctx);

  const groupConvs = new GroupConvRepo(ctx.db);
  // One-to-one unread is stored per member; a group's is counted from its cursors (group-conv.repo.ts).
  users.counters.register(async (userId) => ({
    unread: (await convRepo.totalUnread(userId)) + (await groupConvs.totalUnread(userId)),
  }));
  // Friend notices are kept in the one-to-one conversation (the accepter "sends" the add-friend one).
  friends.hooks.on('notice.sent', (p, uow) =>
    storeFriendNotice(uow, { id: p.fromId }, { id: p.toId }, p.type, p.at, p.noticeId),
  );
  friends.hooks.on('friendship.deleted', (p, uow) =>
    conversations.onFriendshipDeleted(uow, p.deleterId, p.friendId),
  );

  const registerFrames = (gateway: Gateway) => {
    // hello's sync (docs/api.md "Socket protocol"): the catch-up rides on hello when the client
    // named its version, saving a frame and its answer per reconnect (a storm's largest extra).
    gateway.helloSync = async (userId, since) => {
      const syncVersion = await new SyncRepo(ctx.db).current(userId);
      if (since === undefined || since >= syncVersion) return { syncVersion };
      const sync = await syncs.hello(userId, since, syncVersion);
      return sync ? { syncVersion, syncSince: since, sync } : { syncVersion };
    };
    // Sockets join their groups' topics (realtime/topics.ts).
    gateway.topics.resolve = (userId) => groupConvs.topicsOf(userId);
    gateway.on('message.send', (c, data) => send.sendForSocket(c.userId, data, c.origin));
    gateway.on('message.sync', (c, data) => syncs.changes(c.userId, data.since, data.groups));
    gateway.on('message.read', (c, data) => conversations.read(c.userId, data.conversationID, data.seq));
    gateway.on('typing', async (c, data) => {
      // Over the sender's or the receiver's limit the signal is dropped, and the sender is not told.
      if (!(await typingLimits.maySend(c.userId))) return null;
      // Typing is a one-to-one signal: nobody is told in a group.
      const { peer } = await chats.open(c.userId, data.conversationID);
      if (!peer) return null;
      // Nobody sees typing from someone they blocked (or who blocked them); the sender is not told.
      if (!(await friends.blacklist.canMessage(c.userId, peer.id))) return null;
      if (!(await typingLimits.mayReach(peer.id))) return null;
      const me = await users.repo.byId(c.userId);
      await ctx.realtime.emit([peer.id], 'typing', {
        conversationID: c2cConversationId(me?.wt_id ?? ''),
        fromID: me?.wt_id ?? '',
      });
      return null;
    });
  };

  // Keeps each user's sync log to the latest SYNC_LOG_KEEP changes (docs/api.md "Sync").
  const syncLog = new SyncRepo(ctx.db);
  const pruneSyncLog = async (): Promise<number> => {
    try {
      const deleted = await syncLog.prune(ctx.config.syncLogKeep);
      if (deleted > 0) ctx.log.info({ deleted }, 'sync log pruned');
      return deleted;
    } catch (err) {
      ctx.log.error({ err }, 'sync log prune failed');
      return 0;
    }
  };
  let pruner: NodeJS.Timeout | null = null;

  return {
    send,
    chats,
    typingLimits,
    pruneSyncLog,
    indexer,
    /** Background upkeep: sync log pruning and (SQLite) search indexing. */
    startPruner: () => {
      pruner ??= setInterval(() => void pruneSyncLog(), ctx.config.syncLogPruneMs);
      pruner.unref();
      // SQLite with the send thread: the thread indexes (send/thread/thread.ts); searches flush here.
      if (!send.indexesInThread) indexer.start();
    },
    stopPruner: () => {
      if (pruner) clearInterval(pruner);
      pruner = null;
      indexer.stop();
    },
    /** Finishes the sends under way (the SQLite send thread) before the database closes. */
    close: () => send.close(),
    messages,
    conversations,
    registerFrames,
    handlers: messageHandlers(send, messages, syncs),
    conversationHandlers: conversationHandlers(conversations, new ContactSearch(ctx.db)),
  };
}
export type MessagingModule = ReturnType<typeof createMessagingModule>;
