import type { Message } from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import { groupsPolicy } from '../../../policies/groups.policy.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize, decide } from '../../../policies/policy.js';
import type { GroupAccess, Loaded } from '../../groups/group.access.js';
import type { UserRepo } from '../../users/user.repo.js';
import type { GroupChatAccess } from './group-access.js';
import { GroupConvRepo } from './group-conv.repo.js';
import { GroupRevokeRepo } from './group-revoke.repo.js';
import { groupConversationId } from '../core/conversation-id.js';
import { TOPIC_READER, toMessage } from '../core/message.presenter.js';
import { MessageRepo, type MessageRow } from '../core/message.repo.js';
import { MessagingViews } from '../core/messaging.views.js';

/** Who revoked a message as others see it when a manager revoked someone else's. */
export const ADMIN_REVOKER = 'administrator';

/**
 * Revokes in groups (docs/api.md "Group messaging"), by messages policy `message.revokeInGroup`:
 * one's own message within the window, any message of a member one outranks (owner and admins, any time, shown as revoked by the
 * administrator), and everything a member sent up to a sequence. Each revoked message gets a new
 * version of its conversation (one each, so sync pages never split a version), and the change
 * goes to the group's topic.
 */
export class GroupRevokes {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
    private readonly access: GroupAccess,
    private readonly users: UserRepo,
  ) {}

  private async groupNumberOf(conversationId: number): Promise<string> {
    const group = await new GroupConvRepo(this.ctx.db).groupOf(conversationId);
    if (!group) throw fail('notFound');
    return group.group_number;
  }

  async revoke(userId: number, row: MessageRow): Promise<Message> {
    const chat = await this.chats.open(
      userId,
      groupConversationId(await this.groupNumberOf(row.conversation_id)),
    );
    const own = row.sender_id === userId;
    if (own) authorize(groupsPolicy, 'group.view', { userId }, chat.loaded.facts);
    const target = own
      ? undefined
      : await this.access.target(chat.loaded, await this.users.byId(row.sender_id));
    authorize(
      messagesPolicy,
      'message.revokeInGroup',
      { userId },
      {
        message: {
          senderId: row.sender_id,
          type: row.type,
          createdAt: row.created_at,
          revoked: row.revoked === 1,
          now: this.ctx.clock.now(),
        },
        overSender: () => decide(groupsPolicy, 'message.revokeOthers', { userId }, target!),
      },
    );
    const revoker = own ? ((await this.users.byId(userId))?.wt_id ?? '') : ADMIN_REVOKER;
    if (row.revoked === 0) {
      await this.ctx.uow.run(async (uow) => {
        const version = await new GroupConvRepo(uow.db).bumpVersion(row.conversation_id);
        const messages = new MessageRepo(uow.db);
        if (!(await messages.revoke(row.id, revoker, this.ctx.clock.now(), version))) return;
        const [fresh] = await messages.byIds([row.id]);
        const sender = await this.users.in(uow).byId(row.sender_id);
        const frame = toMessage(fresh!, sender, TOPIC_READER, { kind: 'group', group: chat.group });
        uow.emit({ topic: groupConversationId(chat.group.number) }, 'message.updated', frame);
      });
    }
    const [fresh] = await new MessageRepo(this.ctx.db).byIds([row.id]);
    return new MessagingViews(this.ctx.db).message(userId, fresh!);
  }

  /**
   * One message of `userWtId`, named by its sequence (the legacy path of '撤回此消息'): the rules of
   * `revoke` (one's own within the window; a manager's over those they outrank, any time).
   */
  async withdrawMsg(userId: number, body: { groupNumber: string; userWtId: string; msgSeq: number }) {
    const loaded = await this.access.load(userId, body.groupNumber);
    if (!loaded.group) throw fail('groupNotFound');
    // Someone outside the group learns nothing about its messages.
    authorize(groupsPolicy, 'group.view', { userId }, (loaded as Loaded).facts);
    const conv = await new GroupConvRepo(this.ctx.db).byGroup(loaded.group.id);
    const sender = await this.users.byWtId(body.userWtId.toLowerCase());
    if (!sender) throw fail('userNotFound');
    const row = conv && (await new MessageRepo(this.ctx.db).bySeq(conv.id, body.msgSeq));
    if (!row || row.sender_id !== sender.id) throw fail('notFound');
    return this.revoke(userId, row);
  }

  /** Everything `wtId` sent in the group up to `seq`, revoked by the administrator (socket type 7). */
  async revokeAll(userId: number, body: { groupNumber: string; wtId: string; seq: number }) {
    const loaded = await this.access.load(userId, body.groupNumber);
    if (!loaded.group) throw fail('groupNotFound');
    const target = await this.users.byWtId(body.wtId.toLowerCase());
    const facts = await this.access.target(loaded as never, target);
    authorize(groupsPolicy, 'message.revokeOthers', { userId }, facts);
    const conv = await new GroupConvRepo(this.ctx.db).byGroup(loaded.group.id);
    if (!conv) return { revoked: 0 };
    const revoked = await this.ctx.uow.run(async (uow) => {
      const count = await new GroupRevokeRepo(uow.db).revokeSenderUpTo({
        conversationId: conv.id,
        senderId: target!.id,
        uptoSeq: body.seq,
        revoker: ADMIN_REVOKER,
        now: this.ctx.clock.now(),
      });
      if (count === 0) return 0;
      uow.emit({ topic: groupConversationId(loaded.group!.group_number) }, '7', {
        groupNumber: loaded.group!.group_number,
        wtId: target!.wt_id,
        seq: body.seq,
        withdrawUserWtId: target!.wt_id,
        lastMessageSequence: body.seq,
      });
      return count;
    });
    return { revoked };
  }
}
