import { ToolLimits, type ReactionSummary } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import {
  c2cConversationId,
  groupConversationId,
  parseConversationId,
} from '../messaging/core/conversation-id.js';
import type { ConversationRepo } from '../messaging/core/conversation.repo.js';
import type { ReactionSummaryRepo } from '../messaging/core/reaction-summary.repo.js';
import type { UserRepo } from '../users/user.repo.js';
import type { ReactableMessage, ReactionRepo } from './reaction.repo.js';

/**
 * Emoji reactions (docs/api.md "Reactions") on one-to-one and group messages. Only a member of the
 * conversation who can see the message reacts or lists; anything else answers 24040 like a missing
 * message. A change reaches every member live (`message.reaction`: a group's topic, or both sides
 * of a one-to-one chat with their own conversationID).
 */
export class ReactionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly reactions: ReactionRepo,
    private readonly users: UserRepo,
    private readonly conversations: ConversationRepo,
    private readonly summaries: ReactionSummaryRepo,
  ) {}

  private async message(userId: number, msgId: string): Promise<ReactableMessage> {
    const [m] = await this.reactions.visible(userId, [msgId]);
    if (!m) throw fail('reactionMessageNotFound');
    return m;
  }

  private async answer(userId: number, m: ReactableMessage) {
    const map = await this.summaries.summaries([m.id], userId);
    return { messageID: m.msg_id, reactionList: map.get(m.id) ?? [] };
  }

  async add(userId: number, messageID: string, emoji: string) {
    const m = await this.message(userId, messageID);
    const wtId = await this.wtIdOf(userId);
    await this.ctx.uow.run(async (uow) => {
      const repo = this.reactions.in(uow);
      if (
        !(await repo.hasEmoji(m.id, emoji)) &&
        (await repo.countEmojis(m.id)) >= ToolLimits.reactionEmojisPerMessage
      )
        throw fail('reactionLimit');
      if (await repo.add(m.id, userId, emoji, this.ctx.clock.now()))
        await this.announce(uow, m, { userId, wtId }, emoji, true);
    });
    return this.answer(userId, m);
  }

  async remove(userId: number, messageID: string, emoji: string) {
    const m = await this.message(userId, messageID);
    const wtId = await this.wtIdOf(userId);
    await this.ctx.uow.run(async (uow) => {
      if (await this.reactions.in(uow).remove(m.id, userId, emoji))
        await this.announce(uow, m, { userId, wtId }, emoji, false);
    });
    return this.answer(userId, m);
  }

  /** The reactions of messages of one conversation the caller sees (others are left out). */
  async list(userId: number, conversationID: string, messageIDs: string[]) {
    const visible = await this.reactions.visible(userId, [...new Set(messageIDs)]);
    const map = await this.summaries.summaries(
      visible.map((m) => m.id),
      userId,
    );
    const named = parseConversationId(conversationID);
    const inConversation = visible.filter((m) =>
      m.group_number === null
        ? named.kind === 'c2c'
        : named.kind === 'group' && named.number === m.group_number,
    );
    return {
      list: inConversation.flatMap((m) => {
        const reactionList: ReactionSummary[] = map.get(m.id) ?? [];
        return reactionList.length ? [{ messageID: m.msg_id, reactionList }] : [];
      }),
    };
  }

  private async wtIdOf(userId: number): Promise<string> {
    return (await this.users.byId(userId))?.wt_id ?? '';
  }

  /** Queues `message.reaction` for the conversation's members (everything read inside `uow`). */
  private async announce(
    uow: UnitOfWork,
    m: ReactableMessage,
    by: { userId: number; wtId: string },
    emoji: string,
    added: boolean,
  ) {
    const totals = ((await this.summaries.in(uow).summaries([m.id], by.userId)).get(m.id) ?? []).map((r) => ({
      emoji: r.emoji,
      totalUserCount: r.totalUserCount,
    }));
    const base = { messageID: m.msg_id, wtId: by.wtId, emoji, added, totals };
    if (m.group_number !== null) {
      const conversationID = groupConversationId(m.group_number);
      uow.emit({ topic: conversationID }, 'message.reaction', { ...base, conversationID });
      return;
    }
    const members = await this.conversations.in(uow).membersWithWtIds(m.conversation_id);
    for (const member of members) {
      const other = members.find((o) => o.id !== member.id) ?? member;
      uow.emit([member.id], 'message.reaction', { ...base, conversationID: c2cConversationId(other.wt_id) });
    }
  }
}
