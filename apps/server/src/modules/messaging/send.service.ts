import { CustomMsgType, type FriendCustomType, type Message, type SendMessageBody } from '@parley/protocol';
import { isPostgres } from '../../db/dialect.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { CountersService } from '../users/counters.service.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import { CommitBatcher } from './commit-batcher.js';
import { checkContent } from './content.js';
import { MessageRepo } from './message.repo.js';
import { appendMessage } from './message.store.js';
import { MessagingViews } from './messaging.views.js';
import type { PeerResolver } from './peer.js';
import { isGroupId, type GroupPort } from './group-port.js';

/** The friends module's answer to "may X message Y" (20007, 21005, 20003, 10010). */
export interface MessageGate {
  assertCanMessage(fromUserId: number, to: Pick<UserRow, 'id' | 'status'>): Promise<void>;
}

/**
 * Sending (docs/api.md "Sending"): idempotent by (sender, clientMsgId), checked content, friends
 * rules, a per-user rate limit, then one unit of work that allocates the sequence, stores the
 * message and queues `message.new` to both users. The answer comes after the commit. Sends that
 * arrive together share one commit (`CommitBatcher`, group commit).
 */
export class SendService {
  private readonly limiter: Limiter;
  private readonly batcher: CommitBatcher;
  /** Group conversations (group-send.ts), installed by the group messaging module. */
  group: GroupPort | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly peers: PeerResolver,
    private readonly gate: MessageGate,
    private readonly counters: CountersService,
    private readonly users: UserRepo,
  ) {
    this.limiter = ctx.limiters('message.send', ctx.config.messageSendPerMinute, 60_000);
    // PostgreSQL overlaps a few batches' round trips; SQLite runs one transaction at a time anyway.
    this.batcher = new CommitBatcher(ctx, isPostgres(ctx.db) ? 8 : 1);
  }

  async send(userId: number, body: SendMessageBody): Promise<Message> {
    if (this.group && isGroupId(body.conversationID)) return this.group.send(userId, body);
    const views = new MessagingViews(this.ctx.db);
    const messages = new MessageRepo(this.ctx.db);
    // A retry of a stored message answers the stored one, whatever changed since.
    const first = await messages.byClientId(userId, body.clientMsgId);
    if (first) return views.message(userId, first);

    const peer = await this.peers.open(userId, body.conversationID);
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    await this.gate.assertCanMessage(userId, peer);
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');

    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    try {
      return await this.batcher.run([userId, peer.id], async (uow) => {
        const { views: stored } = await appendMessage(uow, {
          senderId: userId,
          peerId: peer.id,
          clientMsgId: body.clientMsgId,
          type: body.type,
          payload: content.payload,
          cloudCustomData: body.cloudCustomData ?? null,
          needReadReceipt: body.needReadReceipt ?? false,
          searchText: content.searchText,
          visibleTo: null,
          notice: false,
          now: this.ctx.clock.now(),
          people: [me, peer],
        });
        uow.afterCommit(() => this.counters.pushSoon(peer.id, 'unread'));
        return stored.get(userId)!;
      });
    } catch (err) {
      // The same clientMsgId sent twice at once: the loser answers the winner's message.
      if (isUniqueViolation(err)) {
        const winner = await messages.byClientId(userId, body.clientMsgId);
        if (winner) return views.message(userId, winner);
      }
      throw err;
    }
  }
}

/**
 * Stores a friend notice (a `custom` message) in the one-to-one conversation inside the friends use
 * case's unit of work. The add-friend notice is seen by both; add-black and delete-friend only by
 * their sender (silent to the other side). Its payload's `data` names the notice type.
 */
export async function storeFriendNotice(
  uow: UnitOfWork,
  from: { id: number },
  to: { id: number },
  type: FriendCustomType,
  now: number,
  noticeId: string,
): Promise<void> {
  await appendMessage(uow, {
    senderId: from.id,
    peerId: to.id,
    clientMsgId: `notice-${noticeId}`,
    type: 'custom',
    payload: { data: JSON.stringify({ businessID: type }), description: '', extension: '' },
    cloudCustomData: null,
    needReadReceipt: false,
    searchText: '',
    visibleTo: type === CustomMsgType.addFriend ? null : from.id,
    notice: true,
    now,
  });
}
