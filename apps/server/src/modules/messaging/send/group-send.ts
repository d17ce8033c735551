import { AT_ALL, type Message, type SendMessageBody } from '@parley/protocol';
import type { AppContext } from '../../../lib/context.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { fail } from '../../../lib/errors.js';
import type { Limiter } from '../../../lib/rate-limiter.js';
import { groupsPolicy } from '../../../policies/groups.policy.js';
import type { Loaded } from '../../groups/group.access.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import type { UserRepo } from '../../users/user.repo.js';
import type { CommitBatcher } from './commit-batcher.js';
import { checkContent } from '../core/content.js';
import type { GroupChatAccess } from '../group/group-access.js';
import { appendGroupSteps } from './group-store.js';
import { MessageRepo } from '../core/message.repo.js';
import { sameConversation } from './retry-check.js';
import { MessagingViews } from '../core/messaging.views.js';

/**
 * Sending to a group (docs/api.md "Group messaging"): the same idempotency, send ban, content rules
 * and rate limit as one-to-one, the group policy (a member; not muted; under mute-all only managers),
 * mentions checked against the members, then one step job on the thread's send driver (shared with
 * one-to-one sends: group commit, docs/decisions/044-one-send-path.md) that stores the message and
 * queues one frame on the group's topic. The ack comes after the commit.
 */
export class GroupSendService {
  private readonly limiter: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
    private readonly users: UserRepo,
    /** This thread's send driver (send.service.ts `commits`), shared with one-to-one sends. */
    private readonly batcher: CommitBatcher,
  ) {
    this.limiter = ctx.limiters('message.send', ctx.config.messageSendPerMinute, 60_000);
  }

  async send(userId: number, body: SendMessageBody): Promise<Message> {
    const messages = new MessageRepo(this.ctx.db);
    const first = await messages.byClientId(userId, body.clientMsgId);
    if (first)
      return sameConversation(
        await new MessagingViews(this.ctx.db).message(userId, first),
        body.conversationID,
      );

    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    const bannedUntil = Number(me.send_banned_until);
    const now = this.ctx.clock.now();
    authorize(messagesPolicy, 'message.send', { userId }, { bannedUntil, now });
    const chat = await this.chats.open(userId, body.conversationID);
    authorize(groupsPolicy, 'message.send', { userId }, chat.loaded.facts);
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    const { atUserList, mentions } = await this.mentions(userId, chat.loaded, body);
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');
    const payload = atUserList.length ? Object.assign({}, content.payload, { atUserList }) : content.payload;
    try {
      // Keys: the sender (their member row) and the conversation (its row), negative to stay apart.
      return await this.batcher.run<Message>([userId, -chat.conv.id], {
        *work(uow) {
          const { view } = yield* appendGroupSteps(uow, {
            conversationId: chat.conv.id,
            group: chat.group,
            sender: me,
            nameCard: chat.loaded.me?.group_nickname ?? '',
            clientMsgId: body.clientMsgId,
            type: body.type,
            payload,
            cloudCustomData: body.cloudCustomData ?? null,
            needReadReceipt: body.needReadReceipt ?? false,
            searchText: content.searchText,
            mentions,
            now,
          });
          return view;
        },
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const winner = await messages.byClientId(userId, body.clientMsgId);
        if (winner) {
          return sameConversation(
            await new MessagingViews(this.ctx.db).message(userId, winner),
            body.conversationID,
          );
        }
      }
      throw err;
    }
  }

  /**
   * The mention list as stored (members' wtIds and AT_ALL) and the mention rows (user ids; 0 for
   * all). @all is decided by the groups policy (`message.mentionAll`, the rule behind the group's
   * `can.mentionAll`); names of non-members (and oneself) are dropped.
   */
  private async mentions(
    userId: number,
    loaded: Loaded,
    body: SendMessageBody,
  ): Promise<{ atUserList: string[]; mentions: number[] }> {
    const fromPayload = (body.payload as { atUserList?: unknown }).atUserList;
    const asked = body.atUserList ?? (Array.isArray(fromPayload) ? (fromPayload as string[]) : []);
    if (asked.length === 0) return { atUserList: [], mentions: [] };
    const all = asked.includes(AT_ALL);
    if (all) authorize(groupsPolicy, 'message.mentionAll', { userId }, loaded.facts);
    const names = [...new Set(asked.filter((w) => w !== AT_ALL).map((w) => w.toLowerCase()))];
    const members = await this.users.groupMembersByWtIds(loaded.group.id, names, userId);
    return {
      atUserList: [...(all ? [AT_ALL] : []), ...members.map((m) => m.wt_id)],
      mentions: [...(all ? [0] : []), ...members.map((m) => Number(m.id))],
    };
  }
}
