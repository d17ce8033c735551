import {
  MessageLimits,
  type Conversation,
  type History,
  type HistoryBody,
  type Message,
} from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { ConversationRepo } from '../core/conversation.repo.js';
import type { GroupChatAccess } from './group-access.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { groupConversationId } from '../core/conversation-id.js';
import { MessageRepo, type MessageRow, type ReaderScope } from '../core/message.repo.js';
import { MessagingViews } from '../core/messaging.views.js';
import { historyPage } from '../core/history-page.js';

export interface GroupChanges {
  conversations: Conversation[];
  messages: Message[];
  groupVersions: Record<string, number>;
  hasMore: boolean;
}

/**
 * Reading group conversations (docs/api.md "Group messaging"): history and search scopes limited to
 * what the caller may see (from their join, up to where they left), and sync by group version: the
 * messages of a group that changed after the version the client holds, one indexed range per group.
 */
export class GroupReads {
  private readonly convs: GroupConvRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
  ) {
    this.convs = new GroupConvRepo(ctx.db);
  }

  /** What the caller may read of the conversation (a former member: up to where they left). */
  async scope(userId: number, conversationID: string): Promise<ReaderScope & { untilSeq: number | null }> {
    const { member } = await this.chats.open(userId, conversationID);
    return {
      userId,
      conversationId: member.conversation_id,
      clearedSeq: Number(member.cleared_seq),
      untilSeq: Number(member.state) === 0 ? null : Number(member.until_seq),
    };
  }

  async history(userId: number, body: HistoryBody): Promise<History> {
    const scope = await this.scope(userId, body.conversationID);
    const { rows, ...page } = await historyPage(new MessageRepo(this.ctx.db), scope, body);
    return { messages: await new MessagingViews(this.ctx.db).messages(userId, rows), ...page };
  }

  /**
   * The group part of POST /message/sync. `known` maps the group conversations the client holds to
   * the version it saw: their messages changed since come back (at most a sync page in all, the
   * versions then say how far each got). Every group conversation of the caller is in
   * `groupVersions`; those whose version moved (or the client did not list) come back as
   * conversations too.
   */
  async changes(
    userId: number,
    known: Record<string, number>,
    pageRows: number = MessageLimits.syncPage,
  ): Promise<GroupChanges> {
    const groups = await this.convs.ofUser(userId);
    const out: GroupChanges = { conversations: [], messages: [], groupVersions: {}, hasMore: false };
    const rows: MessageRow[] = [];
    const changed: number[] = [];
    let budget = pageRows;
    for (const g of groups) {
      const id = groupConversationId(g.group_number);
      const current = Number(g.version);
      const seen = known[id];
      let reached = current;
      if (seen === undefined || seen < current) changed.push(Number(g.id));
      if (seen !== undefined && seen < current) {
        const until = Number(g.state) === 0 ? null : Number(g.until_seq);
        const page =
          budget > 0
            ? await this.convs.changedSince(Number(g.id), seen, Number(g.cleared_seq), until, budget + 1)
            : [];
        if (page.length > budget || budget === 0) {
          out.hasMore = true;
          const kept = page.slice(0, budget);
          reached = kept.length ? Number(kept[kept.length - 1]!.version) : seen;
          rows.push(...kept);
          budget = 0;
        } else {
          rows.push(...page);
          budget -= page.length;
        }
      }
      out.groupVersions[id] = reached;
    }
    const views = new MessagingViews(this.ctx.db);
    const members = await new ConversationRepo(this.ctx.db).memberRowsOf(userId, changed);
    const { conversations, messages } = await views.changes(userId, members, rows);
    return { ...out, conversations, messages };
  }
}
