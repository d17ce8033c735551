import type { Message, SendMessageBody } from '@parley/protocol';
import type { Config } from '../../../config.js';
import { sqliteFileOf } from '../../../db/compiled.js';
import { runSteps, type Steps } from '../../../db/steps.js';
import type { AppContext } from '../../../lib/context.js';
import type { Origin } from '../../../realtime/types.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import type { Party, UserRow } from '../../users/user.repo.js';
import type { CommitBatcher, StepUnit } from './commit-batcher.js';
import { checkContent } from '../core/content.js';
import { MessageRepo, messageByClientIdSteps, type MessageRow } from '../core/message.repo.js';
import { appendSteps } from './message.store.js';
import { sameConversation } from './retry-check.js';
import { MessagingViews } from '../core/messaging.views.js';
import { sendBatcher } from './now-driver.js';
import type { PeerResolver } from '../core/peer.js';

/** The friends module's answer to "may X message Y" (20007, 21005, 20003, 10010), as a step function. */
export interface MessageGate {
  mayMessage(fromUserId: number, to: Pick<UserRow, 'id' | 'status'>): Steps<void>;
}

/** One send: who sends what, when (the application's clock), and the socket frame it came as, if one. */
export interface SendRequest {
  userId: number;
  body: SendMessageBody;
  now: number;
  origin?: Origin;
}

/** A request's outcome: its stored message as its sender sees it, or why that request alone failed. */
export type SendOutcome<M = Message> = { ok: true; message: M } | { ok: false; error: unknown };

/** A promise's outcome, never rejected. */
export const outcomeOf = <M>(p: Promise<M>): Promise<SendOutcome<M>> =>
  p.then(
    (message) => ({ ok: true, message }),
    (error: unknown) => ({ ok: false, error }),
  );

/** A send that passed its checks: both parties and the checked content. */
type Cleared = { me: Party; peer: Party; content: ReturnType<typeof checkContent> };
/** The checks' answer: a retry's stored message, or a cleared send. */
type Checked = { first: MessageRow } | Cleared;
/** A unit's value: the new message as its sender sees it, or the stored one a retry names. */
type Stored = { message: Message } | { retryOf: MessageRow };

/** What the send use case needs of the application: the main thread's context, or the send thread's. */
export type SendContext = Pick<AppContext, 'db' | 'uow' | 'realtime' | 'log'> & {
  config: Pick<Config, 'sensitiveWords'>;
};

/**
 * Sending (docs/api.md "Sending"), past the rate limit, batch-first (docs/decisions/044-one-send-path.md):
 * idempotent by (sender, clientMsgId), checked content, friends rules, then one unit of work that
 * allocates the sequence, stores the message and queues `message.new` to both users (no
 * `counters.updated`: the receiver's clients count a new message into their badge themselves,
 * docs/api.md "Counters"). The answer comes after the commit. Sends that arrive together share one
 * commit (group commit, `CommitBatcher`); a refused or failing send fails alone. The checks and the
 * store are step functions (db/steps.ts) with one driver per dialect: on SQLite (the send thread's
 * connection, or the main one without a send thread) synchronously, the checks inside the batch's
 * transaction (now-driver.ts); on PostgreSQL awaited on the pool (`poolDriver`), the checks before
 * the batch, concurrently.
 */
export class SendCore {
  /** PostgreSQL: the checks run before the batch (inside, each would be one more round trip while the batch holds its locks). */
  private readonly checksFirst: boolean;

  constructor(
    private readonly ctx: SendContext,
    private readonly peers: PeerResolver,
    private readonly gate: MessageGate,
    /** This thread's send driver (now-driver.ts `sendBatcher`), shared with its group sends. */
    private readonly batcher: CommitBatcher = sendBatcher(ctx),
  ) {
    this.checksFirst = !sqliteFileOf(ctx.db);
  }

  /** Each request's outcome, in order: the requests share the commits of their turn. */
  sendBatch(requests: readonly SendRequest[]): Promise<Array<SendOutcome>> {
    return Promise.all(requests.map((r) => outcomeOf(this.send(r))));
  }

  /** One request: a batch of one, whose failure is thrown. */
  async send({ userId, body, now, origin }: SendRequest): Promise<Message> {
    const check = () => this.check(userId, body, now);
    const store = (uow: StepUnit, checked: Checked) => this.store(uow, userId, body, checked, now, origin);
    return this.answer(userId, body, await this.commit(userId, body, check, store));
  }

  /** A retry of a stored message answers the stored one, whatever changed since, if it is this conversation's. */
  private async answer(userId: number, body: SendMessageBody, stored: Stored): Promise<Message> {
    if ('message' in stored) return stored.message;
    const message = await new MessagingViews(this.ctx.db).message(userId, stored.retryOf);
    return sameConversation(message, body.conversationID);
  }

  private async commit(
    userId: number,
    body: SendMessageBody,
    check: () => Steps<Checked>,
    store: (uow: StepUnit, checked: Checked) => Steps<Stored>,
  ): Promise<Stored> {
    if (!this.checksFirst) return this.batcher.run<Stored>([userId], { check, work: store });
    // PostgreSQL: the peer's id is the batch's lock key too.
    const checked = await runSteps(this.ctx.db, check());
    try {
      return await this.batcher.run<Stored>([userId, ...('peer' in checked ? [checked.peer.id] : [])], {
        work: (uow) => store(uow, checked),
      });
    } catch (err) {
      // The same clientMsgId sent twice at once: the loser answers the winner's message.
      if (isUniqueViolation(err)) {
        const winner = await new MessageRepo(this.ctx.db).byClientId(userId, body.clientMsgId);
        if (winner) return { retryOf: winner };
      }
      throw err;
    }
  }

  /** Everything a send must pass, read-only: a retry's stored message, or the parties and content. */
  private *check(userId: number, body: SendMessageBody, now: number): Steps<Checked> {
    const first = yield* messageByClientIdSteps(userId, body.clientMsgId);
    if (first) return { first };
    return yield* this.clear(userId, body, now);
  }

  private *clear(userId: number, body: SendMessageBody, now: number): Steps<Cleared> {
    const { me, peer } = yield* this.peers.openWithMe(userId, body.conversationID);
    authorize(messagesPolicy, 'message.send', { userId }, { bannedUntil: Number(me.send_banned_until), now });
    const content = checkContent(body, this.ctx.config.sensitiveWords);
    yield* this.gate.mayMessage(userId, peer);
    return { me, peer, content };
  }

  private *store(
    uow: StepUnit,
    userId: number,
    body: SendMessageBody,
    c: Checked,
    now: number,
    origin: Origin | undefined,
  ): Steps<Stored> {
    if ('first' in c) return { retryOf: c.first };
    const { views } = yield* appendSteps(uow, {
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
      ...(origin ? { origin } : {}),
    });
    return { message: views.get(userId)! };
  }
}
