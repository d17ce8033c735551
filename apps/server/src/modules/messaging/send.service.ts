import { CustomMsgType, type FriendCustomType, type Message, type SendMessageBody } from '@parley/protocol';
import { isPostgres } from '../../db/dialect.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { CountersService } from '../users/counters.service.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { CommitBatcher } from './commit-batcher.js';
import { checkContent } from './content.js';
import { ConversationRepo } from './conversation.repo.js';
import { MessageRepo, type MessageRow } from './message.repo.js';
import { appendMessage } from './message.store.js';
import { MessagingViews } from './messaging.views.js';
import type { PeerResolver } from './peer.js';
import { isGroupId, type GroupPort } from './group-port.js';

/** The friends module's answer to "may X message Y" (20007, 21005, 20003, 10010). */
export interface MessageGate {
  /** With `uow`, the checks read through its transaction. */
  assertCanMessage(
    fromUserId: number,
    to: Pick<UserRow, 'id' | 'status'>,
    uow?: Pick<UnitOfWork, 'db'>,
  ): Promise<void>;
}

type Checked =
  { first: MessageRow } | { me: UserRow; peer: UserRow; content: ReturnType<typeof checkContent> };

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
  private readonly checksInBatch: boolean;

  constructor(
    private readonly ctx: AppContext,
    private readonly peers: PeerResolver,
    private readonly gate: MessageGate,
    private readonly counters: CountersService,
  ) {
    this.limiter = ctx.limiters('message.send', ctx.config.messageSendPerMinute, 60_000);
    // PostgreSQL overlaps a few batches' round trips; SQLite runs one transaction at a time anyway.
    this.batcher = new CommitBatcher(ctx, isPostgres(ctx.db) ? 8 : 1);
    this.checksInBatch = !isPostgres(ctx.db);
  }

  async send(userId: number, body: SendMessageBody): Promise<Message> {
    if (this.group && isGroupId(body.conversationID)) return this.group.send(userId, body);
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');
    const check = (uow: Pick<UnitOfWork, 'db'>) => this.check(uow, userId, body);
    const work = (uow: UnitOfWork, checked: Checked) => this.store(uow, userId, body, checked);
    // SQLite: the checks run inside the batch's transaction, directly on the database, like the
    // writes. PostgreSQL: they run before, concurrently, on the pool (inside, each would be one more
    // round trip while the batch holds its locks), and the peer's id is the batch's lock key.
    if (this.checksInBatch) return this.batcher.runChecked([userId], check, work);
    const checked = await check({ db: this.ctx.db });
    try {
      return await this.batcher.run([userId, ...('peer' in checked ? [checked.peer.id] : [])], (uow) =>
        work(uow, checked),
      );
    } catch (err) {
      // The same clientMsgId sent twice at once: the loser answers the winner's message.
      if (isUniqueViolation(err)) {
        const winner = await new MessageRepo(this.ctx.db).byClientId(userId, body.clientMsgId);
        if (winner) return new MessagingViews(this.ctx.db).message(userId, winner);
      }
      throw err;
    }
  }

  /** Everything a send must pass, read-only: a retry's stored message, or the parties and content. */
  private async check(uow: Pick<UnitOfWork, 'db'>, userId: number, body: SendMessageBody): Promise<Checked> {
    // A retry of a stored message answers the stored one, whatever changed since.
    const first = await new MessageRepo(uow.db).byClientId(userId, body.clientMsgId);
    if (first) return { first };
    const peer = await this.peers.open(userId, body.conversationID, uow.db);
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    await this.gate.assertCanMessage(userId, peer, uow);
    const me = await new UserRepo(uow.db).byId(userId);
    if (!me) throw fail('unauthorized');
    return { me, peer, content };
  }

  private async store(uow: UnitOfWork, userId: number, body: SendMessageBody, c: Checked): Promise<Message> {
    if ('first' in c) return new MessagingViews(uow.db).message(userId, c.first);
    const { views: stored } = await appendMessage(uow, {
      senderId: userId,
      peerId: c.peer.id,
      clientMsgId: body.clientMsgId,
      type: body.type,
      payload: c.content.payload,
      cloudCustomData: body.cloudCustomData ?? null,
      needReadReceipt: body.needReadReceipt ?? false,
      searchText: c.content.searchText,
      visibleTo: null,
      notice: false,
      now: this.ctx.clock.now(),
      people: [c.me, c.peer],
    });
    const peerId = c.peer.id;
    if (this.checksInBatch) {
      // SQLite: the receiver's badge total, counted in this transaction, is exact at its commit.
      const unread = await new ConversationRepo(uow.db).totalUnread(peerId);
      uow.afterCommit(() => this.counters.pushSoon(peerId, 'unread', { unread }));
    } else uow.afterCommit(() => this.counters.pushSoon(peerId, 'unread'));
    return stored.get(userId)!;
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
