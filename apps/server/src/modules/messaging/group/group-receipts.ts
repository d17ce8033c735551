import type { Conversation } from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import type { CountersService } from '../../users/counters.service.js';
import type { GroupChatAccess } from './group-access.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { GroupReceiptsRepo } from './group-receipts.repo.js';
import { groupConversationId } from '../core/conversation-id.js';
import { UserRepo } from '../../users/user.repo.js';
import { lastVisibleSeq } from '../core/message.presenter.js';
import { MessageRepo, type MessageRow } from '../core/message.repo.js';
import { MessagingViews } from '../core/messaging.views.js';
import { SyncRepo } from '../core/sync.repo.js';

/**
 * Reading a group and its read receipts (docs/api.md "Group messaging"). A read moves the caller's
 * cursor (one row), reaches their other tabs as `conversation.updated` and the group's topic as
 * `group.read` (nothing stored per message). Counts are taken on request from the members' cursors:
 * a member read a message when their cursor reached it; members who joined after it are not counted.
 */
export class GroupReceipts {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
    private readonly counters: CountersService,
  ) {}

  async read(userId: number, conversationID: string, seq?: number): Promise<Conversation> {
    const { member, group } = await this.chats.open(userId, conversationID);
    const last = lastVisibleSeq(member);
    const target = Math.min(seq ?? last, last);
    return this.ctx.uow.run(async (uow) => {
      const now = this.ctx.clock.now();
      const moved = await new GroupReceiptsRepo(uow.db).moveRead(member.conversation_id, userId, target, now);
      const fresh = (await new GroupConvRepo(uow.db).member(member.conversation_id, userId))!;
      const view = await new MessagingViews(uow.db).conversation(userId, fresh);
      if (moved) {
        await new SyncRepo(uow.db).record([
          { userId, conversationId: member.conversation_id, messageId: null },
        ]);
        uow.emit([userId], 'conversation.updated', view);
        if (Number(member.state) === 0) {
          const me = await new UserRepo(uow.db).byId(userId);
          const conversationID = groupConversationId(group.number);
          uow.emit({ topic: conversationID }, 'group.read', {
            conversationID,
            readerID: me?.wt_id ?? '',
            seq: target,
          });
        }
        uow.afterCommit(() => this.counters.pushSoon(userId));
      }
      return view;
    });
  }

  /** The caller's own messages among `messageIDs` of the conversation (403 for anyone else's). */
  private async own(userId: number, conversationID: string, messageIDs: string[]): Promise<MessageRow[]> {
    const { member } = await this.chats.open(userId, conversationID);
    const rows = await new MessageRepo(this.ctx.db).byMsgIds([...new Set(messageIDs)]);
    if (
      rows.length !== new Set(messageIDs).size ||
      rows.some((r) => r.conversation_id !== member.conversation_id)
    ) {
      throw fail('notFound');
    }
    if (rows.some((r) => r.sender_id !== userId)) throw fail('forbidden');
    return rows;
  }

  async counts(userId: number, conversationID: string, messageIDs: string[]) {
    const rows = await this.own(userId, conversationID, messageIDs);
    const out = [];
    for (const row of rows) {
      const { read, unread } = await new GroupReceiptsRepo(this.ctx.db).count(row);
      out.push({ messageID: row.msg_id, readCount: read, unreadCount: unread });
    }
    const order = new Map(messageIDs.map((id, i) => [id, i]));
    return out.sort((a, b) => (order.get(a.messageID) ?? 0) - (order.get(b.messageID) ?? 0));
  }

  /** Who read (filter 0) or did not read (1) one's message, `count` a page from `cursor`. */
  async readMembers(
    userId: number,
    body: { conversationID: string; messageID: string; filter: 0 | 1; cursor?: string; count: number },
  ) {
    const [row] = await this.own(userId, body.conversationID, [body.messageID]);
    const offset = Number(body.cursor || 0);
    const list = await new GroupReceiptsRepo(this.ctx.db).membersWho(
      body.filter === 0,
      row!,
      offset,
      body.count + 1,
    );
    const page = list.slice(0, body.count);
    const more = list.length > body.count;
    return {
      members: page.map((p) => ({
        userID: p.wt_id,
        nick: p.nick_name,
        avatar: p.avatar,
        nameCard: p.group_nickname ?? '',
      })),
      nextCursor: more ? String(offset + page.length) : null,
      isCompleted: !more,
    };
  }
}
