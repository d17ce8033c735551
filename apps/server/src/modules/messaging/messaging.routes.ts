import type { DomainHandlers } from '../../lib/route.js';
import type { ContactSearch } from './core/contact-search.repo.js';
import type { ConversationService } from './core/conversation.service.js';
import type { MessageService } from './core/message.service.js';
import type { SendService } from './send/send.service.js';
import type { SyncPaging } from './core/sync-paging.js';

/** Handlers of the `messages` routes: one service call each. */
export function messageHandlers(
  send: SendService,
  messages: MessageService,
  syncs: SyncPaging,
): DomainHandlers<'messages'> {
  return {
    send: (r) => send.send(r.userId, r.body),
    history: (r) => messages.history(r.userId, r.body),
    sync: (r) => syncs.changes(r.userId, r.body.since, r.body.groups),
    revoke: (r) => messages.revoke(r.userId, r.body.messageID),
    remove: (r) => messages.remove(r.userId, r.body.messageIDs),
    search: (r) => messages.search(r.userId, r.body),
  };
}

/** Handlers of the `conversations` routes. */
export function conversationHandlers(
  c: ConversationService,
  contacts: ContactSearch,
): DomainHandlers<'conversations'> {
  return {
    list: (r) => c.list(r.userId, r.body),
    get: (r) => c.get(r.userId, r.body.conversationID),
    read: (r) => c.read(r.userId, r.body.conversationID, r.body.seq),
    pin: (r) => c.pin(r.userId, r.body.conversationID, r.body.isPinned),
    mute: (r) => c.mute(r.userId, r.body.conversationID, r.body.isMuted),
    mark: (r) => c.mark(r.userId, r.body.conversationIDList, r.body.enable, r.body.markType),
    customData: (r) => c.customData(r.userId, r.body.conversationID, r.body.customData),
    draft: (r) => c.draft(r.userId, r.body.conversationID, r.body.draft),
    remove: (r) => c.remove(r.userId, r.body.conversationID, r.body.clearHistory),
    clearHistory: (r) => c.clearHistory(r.userId, r.body.conversationID),
    search: async (r) => ({ contacts: await contacts.search(r.userId, r.body.keyword), groups: [] }),
  };
}
