import type { Message, SendMessageBody } from '@parley/protocol';
import type { Config } from '../../config.js';
import { isPostgres } from '../../db/dialect.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Party, UserRow } from '../users/user.repo.js';
import { CommitBatcher } from './commit-batcher.js';
import { checkContent } from './content.js';
import { MessageRepo, type MessageRow } from './message.repo.js';
import { appendMessage } from './message.store.js';
import { MessagingViews } from './messaging.views.js';
import type { PeerResolver } from './peer.js';

/** The friends module's answer to "may X message Y" (20007, 21005, 20003, 10010). */
export interface MessageGate {
  /** With `uow`, the checks read through its transaction. */
  assertCanMessage(
    fromUserId: number,
    to: Pick<UserRow, 'id' | 'status'>,
    uow?: Pick<UnitOfWork, 'db'>,
  ): Promise<void>;
}

type Checked = { first: MessageRow } | { me: Party; peer: Party; content: ReturnType<typeof checkContent> };

/** What the send use case needs of the application: the main thread's context, or the send thread's. */
export type SendContext = Pick<AppContext, 'db' | 'uow' | 'realtime' | 'log'> & {
  config: Pick<Config, 'sensitiveWords'>;
};

/**
 * Sending (docs/api.md "Sending"), past the rate limit: idempotent by (sender, clientMsgId), checked
 * content, friends rules, then one unit of work that allocates the sequence, stores the message and
 * queues `message.new` to both users (no `counters.updated`: the receiver's clients count a new message
 * into their badge themselves, docs/api.md "Counters"). The answer comes after the commit. Sends that arrive together
 * share one commit (`CommitBatcher`, group commit). Runs on the main thread (PostgreSQL) or on the
 * SQLite send thread (send-thread/), the same code on its own connection.
 */
export class SendCore {
  private readonly batcher: CommitBatcher;
  private readonly checksInBatch: boolean;

  constructor(
    private readonly ctx: SendContext,
    private readonly peers: PeerResolver,
    private readonly gate: MessageGate,
  ) {
    // PostgreSQL overlaps a few batches' round trips; SQLite runs one transaction at a time anyway.
    this.batcher = new CommitBatcher(ctx, isPostgres(ctx.db) ? 8 : 1);
    this.checksInBatch = !isPostgres(ctx.db);
  }

  /** `now`: the send's time, taken by the caller from the application's clock. */
  async send(userId: number, body: SendMessageBody, now: number): Promise<Message> {
    const check = (uow: Pick<UnitOfWork, 'db'>) => this.check(uow, userId, body);
    const work = (uow: UnitOfWork, checked: Checked) => this.store(uow, userId, body, checked, now);
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
    const { me, peer } = await this.peers.openWithMe(userId, body.conversationID, uow.db);
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    await this.gate.assertCanMessage(userId, peer, uow);
    return { me, peer, content };
  }

  private async store(
    uow: UnitOfWork,
    userId: number,
    body: SendMessageBody,
    c: Checked,
    now: number,
  ): Promise<Message> {
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
      now,
      people: [c.me, c.peer],
    });
    return stored.get(userId)!;
  }
}
