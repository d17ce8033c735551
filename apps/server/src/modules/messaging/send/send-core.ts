import type { Message, SendMessageBody } from '@parley/protocol';
import type { Config } from '../../../config.js';
import type { Steps } from '../../../db/steps.js';
import type { AppContext } from '../../../lib/context.js';
import type { Origin } from '../../../realtime/types.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import type { Party, UserRow } from '../../users/user.repo.js';
import type { StepUnit } from './commit-batcher.js';
import type { Checked, SendCommits } from './send-commits.js';
import { checkContent } from '../core/content.js';
import { messageByClientIdSteps } from '../core/message.repo.js';
import { appendSteps } from './message.store.js';
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
 * commit (group commit, send-commits.ts); a refused or failing send fails alone. The checks and the
 * store are step functions (db/steps.ts) on the thread's send driver: on SQLite (the send thread's
 * connection, or the main one without a send thread) synchronously, the checks inside the batch's
 * transaction (now-driver.ts); on PostgreSQL awaited on the pool (`poolDriver`), the checks before
 * the batch, concurrently.
 */
export class SendCore {
  constructor(
    private readonly ctx: SendContext,
    private readonly peers: PeerResolver,
    private readonly gate: MessageGate,
    /** This thread's send commits (send-commits.ts), shared with its group sends. */
    private readonly commits: SendCommits,
  ) {}

  /** Each request's outcome, in order: the requests share the commits of their turn. */
  sendBatch(requests: readonly SendRequest[]): Promise<Array<SendOutcome>> {
    return Promise.all(requests.map((r) => outcomeOf(this.send(r))));
  }

  /** One request: a batch of one, whose failure is thrown. */
  send({ userId, body, now, origin }: SendRequest): Promise<Message> {
    return this.commits.run<Cleared, Message>(userId, body, {
      check: () => this.check(userId, body, now),
      // PostgreSQL: the peer's id is the batch's lock key too.
      keys: (c) => [c.peer.id],
      store: (uow, c) => this.store(uow, userId, body, c, now, origin),
    });
  }

  /** Everything a send must pass, read-only: a retry's stored message, or the parties and content. */
  private *check(userId: number, body: SendMessageBody, now: number): Steps<Checked<Cleared>> {
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
    c: Cleared,
    now: number,
    origin: Origin | undefined,
  ): Steps<Message> {
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
    return views.get(userId)!;
  }
}
