import { ToolLimits, type AddPinBody, type PinnedMessage } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { c2cConversationId } from '../messaging/core/conversation-id.js';
import type { ConversationRepo } from '../messaging/core/conversation.repo.js';
import type { MessageHookMap } from '../messaging/core/message-hooks.js';
import type { UserRepo } from '../users/user.repo.js';
import type { PinRepo, PinRow } from './pin.repo.js';

const present = (rows: PinRow[], readerId: number, otherWtId: string): PinnedMessage[] =>
  rows.map((r) => ({
    id: r.id,
    msgId: r.msg_id,
    nickName: r.sender_nick,
    msgContent: r.content,
    oneSelf: r.pinned_by === readerId ? 1 : 0,
    conversationID: c2cConversationId(otherWtId),
    createTime: r.created_at,
  }));

/**
 * Pinned messages of one-to-one chats (docs/api.md "Pinned messages"). Only the chat's two members
 * list, pin and unpin; both see the same pins, each with `oneSelf` for their own, and get socket
 * type 3 with their view whenever they change. A revoked message leaves the bar for both (the
 * `messages.gone` hook of messaging); a message one member deleted for themselves leaves only that
 * member's bar, and they cannot pin it.
 */
export class PinsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly pins: PinRepo,
    private readonly users: UserRepo,
    private readonly conversations: ConversationRepo,
  ) {}

  private async peerId(wtId: string): Promise<number> {
    const peer = await this.users.byWtId(wtId);
    if (!peer) throw fail('userNotFound');
    return Number(peer.id);
  }

  private async view(readerId: number, conversationId: number, uow?: UnitOfWork): Promise<PinnedMessage[]> {
    const [pins, conversations] = uow
      ? [this.pins.in(uow), this.conversations.in(uow)]
      : [this.pins, this.conversations];
    const [rows, members] = await Promise.all([
      pins.list(conversationId, readerId),
      conversations.membersWithWtIds(conversationId),
    ]);
    const other = members.find((m) => m.id !== readerId);
    return present(rows, readerId, other?.wt_id ?? '');
  }

  /** Socket type 3 to the members (both, or only `onlyUserId`), each with their own view. */
  private async announce(uow: UnitOfWork, conversationId: number, onlyUserId?: number): Promise<void> {
    const repo = this.pins.in(uow);
    const members = await this.conversations.in(uow).membersWithWtIds(conversationId);
    for (const m of members) {
      if (onlyUserId !== undefined && m.id !== onlyUserId) continue;
      const other = members.find((o) => o.id !== m.id);
      const conversationID = c2cConversationId(other?.wt_id ?? '');
      const rows = await repo.list(conversationId, m.id);
      uow.emit([m.id], '3', { conversationID, list: present(rows, m.id, other?.wt_id ?? '') });
    }
  }

  async list(userId: number, toUserWtId: string): Promise<PinnedMessage[]> {
    const conv = await this.pins.chatOf(userId, await this.peerId(toUserWtId));
    return conv === undefined ? [] : this.view(userId, conv);
  }

  async add(userId: number, body: AddPinBody): Promise<PinnedMessage[]> {
    const conv = await this.pins.chatOf(userId, await this.peerId(body.toUserWtId));
    if (conv === undefined) throw fail('pinMessageNotFound');
    return this.ctx.uow.run(async (uow) => {
      const repo = this.pins.in(uow);
      const msg = await repo.pinnable(conv, body.msgId, userId);
      if (!msg) throw fail('pinMessageNotFound');
      if ((await repo.count(conv)) >= ToolLimits.pinsPerChat) {
        const already = (await repo.list(conv, userId)).some((p) => p.msg_id === body.msgId);
        if (!already) throw fail('pinLimit');
      }
      if (await repo.insert(conv, msg.id, userId, body.msgContent, this.ctx.clock.now()))
        await this.announce(uow, conv);
      return this.view(userId, conv, uow);
    });
  }

  async remove(userId: number, id: number): Promise<PinnedMessage[]> {
    return this.ctx.uow.run(async (uow) => {
      const repo = this.pins.in(uow);
      const conv = await repo.conversationOfPin(userId, id);
      if (conv === undefined || (await repo.deleteById(id)) === 0) throw fail('pinNotFound');
      await this.announce(uow, conv);
      return this.view(userId, conv, uow);
    });
  }

  async removeByMsg(userId: number, toUserWtId: string, msgId: string): Promise<PinnedMessage[]> {
    const conv = await this.pins.chatOf(userId, await this.peerId(toUserWtId));
    if (conv === undefined) throw fail('pinNotFound');
    return this.ctx.uow.run(async (uow) => {
      const repo = this.pins.in(uow);
      if ((await repo.deleteByMsgId(conv, msgId)) === 0) throw fail('pinNotFound');
      await this.announce(uow, conv);
      return this.view(userId, conv, uow);
    });
  }

  /**
   * Messaging's hook: revoked messages are unpinned and both members told; messages one member
   * deleted for themselves stay pinned for the other, and only that member gets their new view.
   */
  async onMessagesGone(uow: UnitOfWork, p: MessageHookMap['messages.gone']): Promise<void> {
    if (!p.revoked) {
      if (await this.pins.in(uow).anyOf(p.conversationId, p.messageIds))
        await this.announce(uow, p.conversationId, p.byUserId);
      return;
    }
    if ((await this.pins.in(uow).deleteMessages(p.conversationId, p.messageIds)) > 0)
      await this.announce(uow, p.conversationId);
  }
}
