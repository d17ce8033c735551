import { HELPER_WT_ID, ToolLimits, type AddPinBody, type PinnedMessage } from '@parley/protocol';
import type { Executor } from '../../db/repo.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { messagesPolicy, readableBy } from '../../policies/messages.policy.js';
import { authorize } from '../../policies/policy.js';
import { c2cConversationId } from '../messaging/core/conversation-id.js';
import type { ConversationRepo } from '../messaging/core/conversation.repo.js';
import { abstractOf } from '../messaging/core/message-abstract.js';
import {
  chatMessageFacts,
  messageFacts,
  oneMessageFacts,
  peerReach,
} from '../messaging/core/message-facts.js';
import type { MessageHookMap } from '../messaging/core/message-hooks.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
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
 * member's bar, and they cannot pin it. Pinning asks messages policy `message.pin` over the shared
 * message facts (`messageFacts`), unpinning `message.unpin`: a chat whose other side blacklisted the
 * caller (or the other way round) takes no pin changes from them, and the helper's chat has none.
 * The abstract shown is derived from the stored message. Toggles are counted per user and per chat.
 */
export class PinsService {
  private readonly perUser: Limiter;
  private readonly perChat: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly pins: PinRepo,
    private readonly users: UserRepo,
    private readonly conversations: ConversationRepo,
  ) {
    this.perUser = ctx.limiters('pin-toggle', ctx.config.limits.pinTogglesPerMinute, 60_000);
    this.perChat = ctx.limiters('pin-toggle-chat', ctx.config.limits.pinTogglesPerChatPerMinute, 60_000);
  }

  private async peer(wtId: string): Promise<UserRow> {
    const peer = await this.users.byWtId(wtId);
    if (!peer) throw fail('userNotFound');
    return peer;
  }

  private async peerId(wtId: string): Promise<number> {
    return Number((await this.peer(wtId)).id);
  }

  /** A pin or unpin: counted for the caller and for the chat (429 beyond either). */
  private async toggle(userId: number, conversationId: number): Promise<void> {
    if (!(await this.perUser.hit(String(userId)))) throw fail('rateLimited');
    if (!(await this.perChat.hit(String(conversationId)))) throw fail('rateLimited');
  }

  /** `message.unpin` for the caller in their chat with `peer` (undefined: the peer is gone). */
  private async mayUnpin(userId: number, peer: UserRow | undefined): Promise<void> {
    authorize(
      messagesPolicy,
      'message.unpin',
      { userId },
      {
        chat: peer?.wt_id === HELPER_WT_ID ? 'helper' : 'c2c',
        reach: await peerReach(this.ctx.db, userId, peer),
      },
    );
  }

  private async view(readerId: number, conversationId: number, uow?: UnitOfWork): Promise<PinnedMessage[]> {
    const [pins, conversations] = uow
      ? [this.pins.in(uow), this.conversations.in(uow)]
      : [this.pins, this.conversations];
    const [rows, members] = await Promise.all([
      this.seen(uow?.db ?? this.ctx.db, pins, conversationId, readerId),
      conversations.membersWithWtIds(conversationId),
    ]);
    const other = members.find((m) => m.id !== readerId);
    return present(rows, readerId, other?.wt_id ?? '');
  }

  /** The chat's pins whose messages `readerId` may see (`readableBy`: not deleted nor cleared by them). */
  private async seen(db: Executor, pins: PinRepo, conversationId: number, readerId: number) {
    const rows = await pins.list(conversationId);
    const loaded = await messageFacts(
      db,
      readerId,
      rows.map((r) => r.msg_id),
      this.ctx.clock.now(),
    );
    const readable = new Set(
      loaded.filter((l) => readableBy(readerId, l.facts) === true).map((l) => l.msgId),
    );
    return rows.filter((r) => readable.has(r.msg_id));
  }

  /** Socket type 3 to the members (both, or only `onlyUserId`), each with their own view. */
  private async announce(uow: UnitOfWork, conversationId: number, onlyUserId?: number): Promise<void> {
    const repo = this.pins.in(uow);
    const members = await this.conversations.in(uow).membersWithWtIds(conversationId);
    for (const m of members) {
      if (onlyUserId !== undefined && m.id !== onlyUserId) continue;
      const other = members.find((o) => o.id !== m.id);
      const conversationID = c2cConversationId(other?.wt_id ?? '');
      const rows = await this.seen(uow.db, repo, conversationId, m.id);
      uow.emit([m.id], '3', { conversationID, list: present(rows, m.id, other?.wt_id ?? '') });
    }
  }

  async list(userId: number, toUserWtId: string): Promise<PinnedMessage[]> {
    const conv = await this.pins.chatOf(userId, await this.peerId(toUserWtId));
    return conv === undefined ? [] : this.view(userId, conv);
  }

  /**
   * Pins a message of the caller's chat with `toUserWtId` (`message.pin`); the bar shows the
   * stored message's abstract, whatever `msgContent` the client sent.
   */
  async add(userId: number, body: AddPinBody): Promise<PinnedMessage[]> {
    const conv = await this.pins.chatOf(userId, await this.peerId(body.toUserWtId));
    if (conv === undefined) throw fail('pinMessageNotFound');
    const now = this.ctx.clock.now();
    const loaded = await oneMessageFacts(this.ctx.db, userId, body.msgId, now);
    if (!loaded.row || Number(loaded.row.conversation_id) !== conv) throw fail('pinMessageNotFound');
    authorize(messagesPolicy, 'message.pin', { userId }, await chatMessageFacts(this.ctx.db, userId, loaded));
    const row = loaded.row;
    await this.toggle(userId, conv);
    const content = abstractOf(
      { type: row.type, payload: JSON.parse(row.payload) as Record<string, unknown> },
      ToolLimits.pinAbstract,
    );
    return this.ctx.uow.run(async (uow) => {
      const repo = this.pins.in(uow);
      if ((await repo.count(conv)) >= ToolLimits.pinsPerChat) {
        const already = (await repo.list(conv)).some((p) => p.msg_id === body.msgId);
        if (!already) throw fail('pinLimit');
      }
      if (await repo.insert(conv, row.id, userId, content, now)) await this.announce(uow, conv);
      return this.view(userId, conv, uow);
    });
  }

  async remove(userId: number, id: number): Promise<PinnedMessage[]> {
    const conv = await this.pins.conversationOfPin(userId, id);
    if (conv === undefined) throw fail('pinNotFound');
    const others = await this.conversations.membersWithWtIds(conv);
    const other = others.find((m) => m.id !== userId);
    await this.mayUnpin(userId, other && (await this.users.byId(other.id)));
    await this.toggle(userId, conv);
    return this.ctx.uow.run(async (uow) => {
      const repo = this.pins.in(uow);
      if ((await repo.deleteById(id)) === 0) throw fail('pinNotFound');
      await this.announce(uow, conv);
      return this.view(userId, conv, uow);
    });
  }

  async removeByMsg(userId: number, toUserWtId: string, msgId: string): Promise<PinnedMessage[]> {
    const peer = await this.peer(toUserWtId);
    const conv = await this.pins.chatOf(userId, Number(peer.id));
    if (conv === undefined) throw fail('pinNotFound');
    await this.mayUnpin(userId, peer);
    await this.toggle(userId, conv);
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
