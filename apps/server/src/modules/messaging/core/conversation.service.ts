import { c2cConversationId } from './conversation-id.js';
import type { Updateable } from 'kysely';
import { ConversationMark, type Conversation, type Draft } from '@parley/protocol';
import type { ConversationMembersTable } from '../../../db/schema.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import type { CountersService } from '../../users/counters.service.js';
import { UserRepo } from '../../users/user.repo.js';
import { foldPatch, mutePatch, readClearsUnread, unreadPatch } from './conversation-marks.js';
import { ConversationRepo, type MemberView } from './conversation.repo.js';
import { MessagingViews } from './messaging.views.js';
import { SyncRepo } from './sync.repo.js';
import type { Chat, Chats } from './chats.js';

const ARCHIVED = ConversationMark.archived;

/**
 * The caller's side of conversations (docs/api.md "Messages and conversations"): list, read cursor, pin, mute,
 * archive marks with the fold rules, remark, draft, delete and clear. Every change reaches the
 * caller's other tabs as `conversation.updated` and is recorded for sync.
 */
export class ConversationService {
  private readonly convs: ConversationRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: Chats,
    private readonly counters: CountersService,
  ) {
    this.convs = new ConversationRepo(ctx.db);
  }

  async list(userId: number, body: { cursor: number; count: number; markType?: 4 }) {
    const rows = await this.convs.page(userId, {
      offset: body.cursor,
      limit: body.count + 1,
      archivedOnly: body.markType === ARCHIVED,
    });
    const page = rows.slice(0, body.count);
    return {
      conversations: await new MessagingViews(this.ctx.db).conversations(userId, page),
      nextCursor: body.cursor + page.length,
      isFinished: rows.length <= body.count,
    };
  }

  async get(userId: number, conversationID: string): Promise<Conversation> {
    const chat = await this.chats.open(userId, conversationID);
    return new MessagingViews(this.ctx.db).conversation(userId, await chat.member());
  }

  /**
   * Applies `patch(member)` to the caller's side, records it for sync and announces it. `touchPeer`
   * also records a change for the other side (a read cursor the sender's isPeerRead reads).
   */
  private async change(
    userId: number,
    /** The conversation ID, or the chat when the caller resolved it already. */
    target: string | Chat,
    patch: (m: MemberView) => Updateable<ConversationMembersTable> | null,
    after?: (uow: UnitOfWork, m: MemberView, chat: Chat) => Promise<void>,
  ): Promise<Conversation> {
    const chat = typeof target === 'string' ? await this.chats.open(userId, target) : target;
    const opened = await chat.memberIn();
    return this.ctx.uow.run(async (uow) => {
      const convs = this.convs.in(uow);
      const first = await opened(uow);
      // The patch reads the row it changes (a read's cursor): lock it, then read it again.
      await convs.lockMember(first.conversation_id, userId);
      const m = (await convs.member(first.conversation_id, userId)) ?? first;
      const p = patch(m);
      if (p) {
        await convs.updateMember(m.conversation_id, userId, { ...p, updated_at: this.ctx.clock.now() });
        if (p.read_seq !== undefined || p.cleared_seq !== undefined) {
          await convs.refreshUnread(m.conversation_id, [userId]);
        }
        if (after) await after(uow, m, chat);
        else
          await new SyncRepo(uow.db).record([{ userId, conversationId: m.conversation_id, messageId: null }]);
      }
      const fresh = (await convs.member(m.conversation_id, userId))!;
      const view = await new MessagingViews(uow.db).conversation(userId, fresh);
      if (p) {
        uow.emit([userId], 'conversation.updated', view);
        uow.afterCommit(() => this.counters.pushSoon(userId));
      }
      return view;
    });
  }

  /** Read up to `seq` (default: everything). The peer sees `message.read` (isPeerRead). */
  async read(userId: number, conversationID: string, seq?: number): Promise<Conversation> {
    const chat = await this.chats.open(userId, conversationID);
    // A group chat keeps its own cursor rules (group-receipts.ts).
    if (chat.read) return chat.read(seq);
    let target = 0;
    return this.change(
      userId,
      chat,
      (m) => {
        target = Math.min(seq ?? m.last_seq, m.last_seq);
        const mark = readClearsUnread(m);
        if (target > m.read_seq) return { read_seq: target, ...mark };
        target = m.read_seq;
        return mark;
      },
      async (uow, m) => {
        const peerId = m.peer_id!;
        await new SyncRepo(uow.db).record([
          { userId, conversationId: m.conversation_id, messageId: null },
          { userId: peerId, conversationId: m.conversation_id, messageId: null },
        ]);
        const people = await new UserRepo(uow.db).byIds([userId, peerId]);
        const wt = new Map(people.map((p) => [p.id, p.wt_id]));
        const data = { readerID: wt.get(userId) ?? '', seq: target };
        uow.emit([userId], 'message.read', {
          ...data,
          conversationID: c2cConversationId(wt.get(peerId) ?? ''),
        });
        uow.emit([peerId], 'message.read', {
          ...data,
          conversationID: c2cConversationId(wt.get(userId) ?? ''),
        });
      },
    );
  }

  pin(userId: number, conversationID: string, isPinned: boolean): Promise<Conversation> {
    const now = this.ctx.clock.now();
    return this.change(
      userId,
      conversationID,
      (m) =>
        (m.pinned === 1) === isPinned
          ? null
          : // A pinned conversation is listed even before its first message.
            { pinned: isPinned ? 1 : 0, pinned_at: isPinned ? now : 0, ...(isPinned ? { visible: 1 } : {}) },
      async (uow, m, chat) => {
        await new SyncRepo(uow.db).record([{ userId, conversationId: m.conversation_id, messageId: null }]);
        // A group's conversation and the group itself (its setTop) share one pin.
        await chat.pinned(uow, m.conversation_id, isPinned);
      },
    );
  }

  /** Muting removes the conversation from the archive; unmuting clears the fold mark too. */
  mute(userId: number, conversationID: string, isMuted: boolean): Promise<Conversation> {
    return this.change(userId, conversationID, (m) => mutePatch(m, isMuted));
  }

  /**
   * Marks (conversation-marks.ts). Archive (4): folding also mutes, unfolding gives back the mute
   * state from before; an empty list with `enable` false moves every archived conversation out
   * ('全部移出'). Unread (2): 'mark as unread' on or off.
   */
  async mark(
    userId: number,
    ids: string[],
    enable: boolean,
    markType: number = ConversationMark.archived,
  ): Promise<{ conversations: Conversation[] }> {
    const unread = markType === ConversationMark.unread;
    let list = ids;
    if (list.length === 0 && !enable && !unread) {
      const archived = await this.convs.archived(userId);
      list = (await new MessagingViews(this.ctx.db).conversations(userId, archived)).map(
        (c) => c.conversationID,
      );
    }
    // Every ID is checked before anything changes: one unknown ID changes nothing.
    for (const id of list) await (await this.chats.open(userId, id)).memberIn();
    const out: Conversation[] = [];
    for (const id of list) {
      out.push(
        await this.change(userId, id, (m) => (unread ? unreadPatch(m, enable) : foldPatch(m, enable))),
      );
    }
    return { conversations: out };
  }

  customData(userId: number, conversationID: string, customData: string): Promise<Conversation> {
    return this.change(userId, conversationID, (m) =>
      m.custom_data === customData ? null : { custom_data: customData },
    );
  }

  draft(userId: number, conversationID: string, draft: Draft | null): Promise<Conversation> {
    const json = draft ? JSON.stringify(draft) : null;
    // A conversation with a draft is listed (it shows the draft) even before its first message.
    return this.change(userId, conversationID, (m) =>
      m.draft === json ? null : { draft: json, ...(json ? { visible: 1 } : {}) },
    );
  }

  clearHistory(userId: number, conversationID: string): Promise<Conversation> {
    return this.change(userId, conversationID, (m) =>
      m.cleared_seq === m.last_seq ? null : { cleared_seq: m.last_seq, read_seq: m.last_seq },
    );
  }

  /** Removes the conversation from the caller's list (it returns with the next message). */
  async remove(userId: number, conversationID: string, clearHistory: boolean) {
    const chat = await this.chats.open(userId, conversationID);
    const opened = await chat.memberIn();
    const id = chat.id;
    await this.ctx.uow.run(async (uow) => {
      const m = await opened(uow);
      await this.hide(uow, m, clearHistory);
      uow.emit([userId], 'conversation.deleted', { conversationID: id });
    });
    return { conversationID: id };
  }

  /** Hides `m` for its user (and clears its history): also the friendship.deleted hook. */
  async hide(uow: UnitOfWork, m: MemberView, clearHistory: boolean): Promise<void> {
    const now = this.ctx.clock.now();
    await this.convs.in(uow).updateMember(m.conversation_id, m.user_id, {
      visible: 0,
      pinned: 0,
      marks: 0,
      draft: null,
      read_seq: m.last_seq,
      ...(clearHistory ? { cleared_seq: m.last_seq } : {}),
      updated_at: now,
    });
    await this.convs.in(uow).refreshUnread(m.conversation_id, [m.user_id]);
    await new SyncRepo(uow.db).record([
      { userId: m.user_id, conversationId: m.conversation_id, messageId: null },
    ]);
    uow.afterCommit(() => this.counters.pushSoon(m.user_id));
  }

  /** The friendship.deleted hook: the deleter's conversation and history go (for the deleter only). */
  async onFriendshipDeleted(uow: UnitOfWork, deleterId: number, friendId: number): Promise<void> {
    const convs = this.convs.in(uow);
    const conv = await convs.byC2cKey(`${Math.min(deleterId, friendId)}:${Math.max(deleterId, friendId)}`);
    const m = conv && (await convs.member(conv.id, deleterId));
    if (!m) return;
    await this.hide(uow, m, true);
    const friend = await new UserRepo(uow.db).byId(friendId);
    uow.emit([deleterId], 'conversation.deleted', { conversationID: c2cConversationId(friend?.wt_id ?? '') });
  }
}
