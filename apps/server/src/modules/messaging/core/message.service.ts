import { MessageLimits, type HistoryBody, type Message, type SyncResult } from '@parley/protocol';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import { ConversationRepo } from './conversation.repo.js';
import { MessageRepo, type MessageRow, type ReaderScope } from './message.repo.js';
import { MessagingViews } from './messaging.views.js';
import type { Chats } from './chats.js';
import type { SearchIndexer } from './search-indexer.js';
import { SyncRepo } from './sync.repo.js';
import type { GroupPort } from '../group/group-port.js';
import { MessageHooks } from './message-hooks.js';
import { messageFacts, oneMessageFacts } from './message-facts.js';
import { UserRepo } from '../../users/user.repo.js';

/** History, sync, revoke, delete-for-me and search (docs/api.md "Messages and conversations"). */
export class MessageService {
  private readonly convs: ConversationRepo;
  private readonly msgs: MessageRepo;
  private readonly sync: SyncRepo;
  /** Group conversations (group-sync.ts, group-revoke.ts), installed by the group messaging module. */
  group: GroupPort | null = null;
  /** Other modules' reactions to messages leaving a conversation (message-hooks.ts). */
  readonly hooks: MessageHooks;

  constructor(
    private readonly ctx: AppContext,
    private readonly chats: Chats,
    private readonly indexer: SearchIndexer,
  ) {
    this.convs = new ConversationRepo(ctx.db);
    this.msgs = new MessageRepo(ctx.db);
    this.sync = new SyncRepo(ctx.db);
    this.hooks = new MessageHooks(ctx.log);
  }

  private views() {
    return new MessagingViews(this.ctx.db);
  }

  async history(userId: number, body: HistoryBody): Promise<{ messages: Message[]; isCompleted: boolean }> {
    return (await this.chats.open(userId, body.conversationID)).history(body);
  }

  /**
   * Everything that changed for the caller after version `since`, in one call: the current state of
   * each changed conversation (or its removal) and of each new or changed message. Paged by
   * change-log rows (`rows` a page, sync-paging.ts); `version` is where the next call starts.
   */
  async changes(
    userId: number,
    since: number,
    groups?: Record<string, number>,
    rows: number = MessageLimits.syncPage,
  ): Promise<SyncResult> {
    const own = await this.ownChanges(userId, since, undefined, rows);
    if (!this.group || own.reset) return own;
    // Group messages are synced by group version (one log per group, not per member).
    const g = await this.group.changes(userId, groups ?? {}, rows);
    const listed = new Set(own.conversations.map((c) => c.conversationID));
    return {
      ...own,
      hasMore: own.hasMore || g.hasMore,
      conversations: [...own.conversations, ...g.conversations.filter((c) => !listed.has(c.conversationID))],
      messages: [...own.messages, ...g.messages],
      groupVersions: g.groupVersions,
    };
  }

  /**
   * The user's own changes after `since` (no group chats): the log's and the new one-to-one messages
   * (`SyncRepo.since`); `current` if already read.
   */
  async ownChanges(
    userId: number,
    since: number,
    current?: number,
    pageRows: number = MessageLimits.syncPage,
  ): Promise<SyncResult> {
    current ??= await this.sync.current(userId);
    // Older than the kept log (SyncRepo.prune): the client reloads instead.
    if (since < current - this.ctx.config.syncLogKeep) {
      return {
        version: current,
        hasMore: false,
        reset: true,
        conversations: [],
        removedConversationIDs: [],
        messages: [],
      };
    }
    const rows = await this.sync.since(userId, since, current, pageRows + 1);
    const hasMore = rows.length > pageRows;
    const page = rows.slice(0, pageRows);
    const version = page.length ? Number(page[page.length - 1]!.version) : current;
    const convIds = [...new Set(page.map((r) => Number(r.conversation_id)))];
    const msgIds = [...new Set(page.map((r) => r.message_id).filter((x): x is number => x !== null))];
    const members = [];
    const removed: string[] = [];
    const cleared = new Map<number, number>();
    const views = this.views();
    const gone = [];
    for (const m of await this.convs.memberRowsOf(userId, convIds)) {
      cleared.set(m.conversation_id, m.cleared_seq);
      if (m.visible === 1) members.push(m);
      else gone.push(m);
    }
    for (const c of await views.conversations(userId, gone)) removed.push(c.conversationID);
    // A message cleared since it changed is not sent again.
    const messageRows = (await this.msgs.byIds(msgIds))
      .filter((r) => r.seq > (cleared.get(r.conversation_id) ?? 0))
      .sort((a, b) => a.id - b.id);
    const { conversations, messages } = await views.changes(userId, members, messageRows);
    return { version, hasMore, reset: false, conversations, removedConversationIDs: removed, messages };
  }

  /** Revokes one's own message within the window; every tab of both users gets `message.updated`. */
  async revoke(userId: number, msgId: string): Promise<Message> {
    const { row: found, facts } = await oneMessageFacts(this.ctx.db, userId, msgId, this.ctx.clock.now());
    // Group messages carry their conversation's version (one-to-one ones stay at 0).
    if (this.group && found && Number(found.version) > 0) return this.group.revoke(userId, found);
    authorize(messagesPolicy, 'message.revoke', { userId }, facts);
    const row = found!;
    const updated = await this.ctx.uow.run(async (uow) => {
      if (row.revoked === 0) {
        const now = this.ctx.clock.now();
        const msgs = this.msgs.in(uow);
        const me = await new UserRepo(uow.db).byId(userId);
        if (!(await msgs.revoke(row.id, me?.wt_id ?? '', now))) return (await msgs.byMsgId(msgId))!;
        const audience = await this.audience(uow, row);
        await this.convs.in(uow).refreshUnread(row.conversation_id, audience);
        await this.sync
          .in(uow)
          .record(
            audience.map((u) => ({ userId: u, conversationId: row.conversation_id, messageId: row.id })),
          );
        const fresh = (await msgs.byMsgId(msgId))!;
        const views = new MessagingViews(uow.db);
        for (const u of audience) uow.emit([u], 'message.updated', await views.message(u, fresh));
        await this.hooks.emit(
          'messages.gone',
          { conversationId: row.conversation_id, messageIds: [row.id], byUserId: userId, revoked: true },
          uow,
        );
        return fresh;
      }
      return row;
    });
    return this.views().message(userId, updated);
  }

  private async audience(uow: UnitOfWork, row: MessageRow): Promise<number[]> {
    if (row.visible_to !== null) return [row.visible_to];
    const members = await this.convs.in(uow).membersOf(row.conversation_id);
    return members.map((m) => m.user_id).sort((a, b) => a - b);
  }

  /** Deletes messages for the caller only; their tabs get `message.updated` with isDeleted. */
  async remove(userId: number, msgIds: string[]): Promise<{ messageIDs: string[] }> {
    const loaded = await messageFacts(this.ctx.db, userId, msgIds, this.ctx.clock.now());
    const allowed: MessageRow[] = [];
    for (const { row, facts } of loaded) {
      if (!row) throw fail('notFound');
      // Deleting again what is already deleted is fine (a retry).
      if (facts.hidden) continue;
      authorize(messagesPolicy, 'message.view', { userId }, facts);
      allowed.push(row);
    }
    await this.ctx.uow.run(async (uow) => {
      if (allowed.length === 0) return;
      await this.msgs.in(uow).hide(
        userId,
        allowed.map((r) => r.id),
        this.ctx.clock.now(),
      );
      for (const conversationId of new Set(allowed.map((r) => r.conversation_id))) {
        await this.convs.in(uow).refreshUnread(conversationId, [userId]);
        const messageIds = allowed.filter((r) => r.conversation_id === conversationId).map((r) => r.id);
        await this.hooks.emit(
          'messages.gone',
          { conversationId, messageIds, byUserId: userId, revoked: false },
          uow,
        );
      }
      await this.sync
        .in(uow)
        .record(allowed.map((r) => ({ userId, conversationId: r.conversation_id, messageId: r.id })));
      const views = new MessagingViews(uow.db);
      for (const m of await views.messages(userId, allowed)) uow.emit([userId], 'message.updated', m);
    });
    return { messageIDs: msgIds };
  }

  /** Messages the caller can see containing `keyword` (case-insensitive substring). */
  async search(
    userId: number,
    body: { keyword: string; conversationID?: string; cursor?: number },
  ): Promise<{ messages: Message[]; nextCursor: number | null }> {
    let scopes: ReaderScope[];
    if (body.conversationID) {
      const scope = await (await this.chats.open(userId, body.conversationID)).scope();
      scopes = scope ? [scope] : [];
    } else {
      scopes = await this.convs.scopesOf(userId);
    }
    const limit = MessageLimits.searchPage;
    // The search index is filled in batches: bring it up to date first.
    await this.indexer.flush();
    const rows = await this.msgs.search(
      scopes,
      body.keyword,
      body.cursor ?? 0,
      limit + 1,
      this.ctx.config.databaseUrl !== undefined,
    );
    const page = rows.slice(0, limit);
    return {
      messages: await this.views().messages(userId, page),
      nextCursor: rows.length > limit ? (body.cursor ?? 0) + limit : null,
    };
  }
}
