import { ToolLimits, type ReactionSummary } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import {
  c2cConversationId,
  groupConversationId,
  parseConversationId,
} from '../messaging/core/conversation-id.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { messagesPolicy, readableBy } from '../../policies/messages.policy.js';
import { authorize } from '../../policies/policy.js';
import type { ConversationRepo } from '../messaging/core/conversation.repo.js';
import { chatMessageFacts, messageFacts, oneMessageFacts } from '../messaging/core/message-facts.js';
import type { ReactionSummaryRepo } from '../messaging/core/reaction-summary.repo.js';
import { GroupConvRepo } from '../messaging/group/group-conv.repo.js';
import type { UserRepo } from '../users/user.repo.js';
import { isSingleEmoji } from './emoji.js';
import type { ReactionRepo } from './reaction.repo.js';

/** A message the caller may react to, with where its reactions are announced. */
interface ReactableMessage {
  id: number;
  msg_id: string;
  conversation_id: number;
  /** The group's number for a group chat, null for one-to-one. */
  group_number: string | null;
}

/**
 * Emoji reactions (docs/api.md "Reactions") on one-to-one and group messages. Reacting asks messages
 * policy `message.react` over the shared message facts: a message one sees, not revoked, in a group
 * one is still in, with a one-to-one peer who has not blacklisted the caller (nor the other way
 * round; the send path's codes). Anything unseen answers 24040 like a missing message; listing
 * keeps the messages `readableBy` the caller. A change reaches every member live
 * (`message.reaction`: a group's topic, or both sides of a one-to-one chat with their own
 * conversationID). An added reaction is exactly one emoji; reactions are counted per user and per
 * conversation.
 */
export class ReactionsService {
  private readonly perUser: Limiter;
  private readonly perConversation: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly reactions: ReactionRepo,
    private readonly users: UserRepo,
    private readonly conversations: ConversationRepo,
    private readonly summaries: ReactionSummaryRepo,
  ) {
    const limits = ctx.config.limits;
    this.perUser = ctx.limiters('reaction', limits.reactionsPerMinute, 60_000);
    this.perConversation = ctx.limiters('reaction-conv', limits.reactionsPerConversationPerMinute, 60_000);
  }

  /** The message if `message.react` allows the caller; the change is counted against both limits. */
  private async message(userId: number, msgId: string): Promise<ReactableMessage> {
    const loaded = await oneMessageFacts(this.ctx.db, userId, msgId, this.ctx.clock.now());
    authorize(
      messagesPolicy,
      'message.react',
      { userId },
      await chatMessageFacts(this.ctx.db, userId, loaded),
    );
    const row = loaded.row!;
    const conversationId = Number(row.conversation_id);
    if (!(await this.perUser.hit(String(userId)))) throw fail('rateLimited');
    if (!(await this.perConversation.hit(String(conversationId)))) throw fail('rateLimited');
    const group =
      loaded.facts.chat === 'group'
        ? await new GroupConvRepo(this.ctx.db).groupOf(conversationId)
        : undefined;
    return {
      id: row.id,
      msg_id: row.msg_id,
      conversation_id: conversationId,
      group_number: group?.group_number ?? null,
    };
  }

  private async answer(userId: number, m: ReactableMessage) {
    const map = await this.summaries.summaries([m.id], userId);
    return { messageID: m.msg_id, reactionList: map.get(m.id) ?? [] };
  }

  async add(userId: number, messageID: string, emoji: string) {
    if (!isSingleEmoji(emoji)) throw fail('reactionNotEmoji');
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
    const loaded = await messageFacts(this.ctx.db, userId, messageIDs, this.ctx.clock.now());
    const seen = loaded.filter((l) => readableBy(userId, l.facts) === true && !l.facts.message!.revoked);
    const named = parseConversationId(conversationID);
    const numbers = new Map<number, string | undefined>();
    for (const l of seen)
      if (l.facts.chat === 'group' && !numbers.has(Number(l.row!.conversation_id))) {
        const id = Number(l.row!.conversation_id);
        numbers.set(id, (await new GroupConvRepo(this.ctx.db).groupOf(id))?.group_number);
      }
    // Only the messages of the named conversation: a group's, or the chat with the named peer.
    const inConversation = seen.filter((l) =>
      l.facts.chat === 'group'
        ? named.kind === 'group' && numbers.get(Number(l.row!.conversation_id)) === named.number
        : named.kind === 'c2c' && l.peer?.wt_id.toLowerCase() === named.wtId.toLowerCase(),
    );
    const map = await this.summaries.summaries(
      inConversation.map((l) => l.row!.id),
      userId,
    );
    return {
      list: inConversation.flatMap((l) => {
        const reactionList: ReactionSummary[] = map.get(l.row!.id) ?? [];
        return reactionList.length ? [{ messageID: l.msgId, reactionList }] : [];
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
