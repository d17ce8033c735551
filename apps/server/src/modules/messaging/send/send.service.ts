import { CustomMsgType, type FriendCustomType, type Message, type SendMessageBody } from '@parley/protocol';
import { isPostgres } from '../../../db/dialect.js';
import { sqlitePath } from '../../../db/index.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import { fail } from '../../../lib/errors.js';
import type { Limiter } from '../../../lib/rate-limiter.js';
import { decoded, type MaybeEncoded } from '../../../realtime/encoded.js';
import type { Origin } from '../../../realtime/types.js';
import type { GroupPort } from '../group/group-port.js';
import { parseConversationId } from '../core/conversation-id.js';
import { fileUrlsOf } from '../core/content.js';
import { appendMessage } from './message.store.js';
import { withStoredQuote } from './quote.js';
import type { PeerResolver } from '../core/peer.js';
import { outcomeOf, SendCore, type MessageGate, type SendOutcome } from './send-core.js';
import { SendThread } from './thread/send-thread.js';
import { SendCommits } from './send-commits.js';
import { sendBatcher } from './now-driver.js';

/** What sending needs of uploads: whether a message's files are banned content now. */
export interface BannedFiles {
  anyBanned(urls: readonly string[]): Promise<boolean>;
}

/** One send as routes, frames and forwards make it: who sends what, and the socket frame it came as. */
export interface SendInput {
  userId: number;
  body: SendMessageBody;
  origin?: Origin;
}

/**
 * The send use case, batch-first (docs/decisions/044-one-send-path.md): `sendBatch` takes send
 * requests and answers each one's outcome, a failure failing its request alone; a REST, socket or
 * forwarded send is a batch of one. Each request: banned files; the per-user rate limit; group
 * a quote taken from the stored message (quote.ts); group conversations go to the group send
 * (group-send.ts); else `SendCore`, on the SQLite send thread when
 * there is one (docs/decisions/002-sqlite-send-thread.md), else on this thread's connection, both
 * with the same driver (now-driver.ts); on PostgreSQL on the pool.
 */
export class SendService {
  private readonly limiter: Limiter;
  private readonly core: SendCore;
  /** This thread's send commits: one-to-one sends without a send thread, and every group send. */
  readonly commits: SendCommits;
  private readonly thread: SendThread | null;
  /** Group conversations (group-send.ts), installed by the group messaging module. */
  group: GroupPort | null = null;

  constructor(
    private readonly ctx: AppContext,
    peers: PeerResolver,
    gate: MessageGate,
    /** The uploads module's banned-content check (none: not checked). */
    private readonly files?: BannedFiles,
  ) {
    this.limiter = ctx.limiters('message.send', ctx.config.messageSendPerMinute, 60_000);
    this.commits = new SendCommits(ctx.db, sendBatcher(ctx, false, ctx.metrics.commit));
    this.core = new SendCore(ctx, peers, gate, this.commits);
    this.thread =
      !isPostgres(ctx.db) && ctx.config.sendThread
        ? new SendThread(
            ctx,
            {
              filePath: sqlitePath(ctx.config),
              sensitiveWords: ctx.config.sensitiveWords,
              searchIndexEveryMs: ctx.config.searchIndexEveryMs,
              metrics: ctx.metrics.enabled,
            },
            ctx.config.sendThreadEntry,
          )
        : null;
  }

  /**
   * Each request's outcome, in order. From the send thread, a message comes as the JSON text the
   * thread encoded (realtime/encoded.ts), which a socket's ack carries as it is.
   */
  async sendBatch(requests: readonly SendInput[]): Promise<Array<SendOutcome<MaybeEncoded<Message>>>> {
    const outcomes = await Promise.all(requests.map((r) => outcomeOf(this.one(r))));
    this.ctx.metrics.sends(requests, outcomes);
    return outcomes;
  }

  /** The stored message as its sender sees it (the REST answer): a batch of one. */
  async send(userId: number, body: SendMessageBody): Promise<Message> {
    return decoded(await this.sendForSocket(userId, body));
  }

  /** A socket frame's send, for its ack: a batch of one. */
  async sendForSocket(
    userId: number,
    body: SendMessageBody,
    origin?: Origin,
  ): Promise<MaybeEncoded<Message>> {
    const [outcome] = await this.sendBatch([origin ? { userId, body, origin } : { userId, body }]);
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.message;
  }

  private async one({ userId, body: sent, origin }: SendInput): Promise<MaybeEncoded<Message>> {
    await this.refuseBannedFiles(sent);
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');
    const body = await withStoredQuote(this.ctx.db, userId, sent, this.ctx.clock.now());
    if (this.group && parseConversationId(body.conversationID).kind === 'group')
      return this.group.send(userId, body);
    const now = this.ctx.clock.now();
    const request = origin ? { userId, body, now, origin } : { userId, body, now };
    // The send thread checks and stores it, its checks' reads on its own warm page cache.
    if (this.thread?.usable) return this.thread.send(request);
    return this.core.send(request);
  }

  /**
   * A message naming an upload whose content an operator banned after it was stored (the upload
   * itself was refused with 4005 once banned): 80004 for an image message, 4005 for a file, video or
   * voice message. One-to-one, group and forwarded sends all pass here.
   */
  private async refuseBannedFiles(body: SendMessageBody): Promise<void> {
    if (!this.files) return;
    const urls = fileUrlsOf(body.type, body.payload);
    if (urls.length > 0 && (await this.files.anyBanned(urls)))
      throw fail(body.type === 'image' ? 'sensitiveImage' : 'bannedFile');
  }

  /** Where one-to-one sends run: 'off' (this thread), else the send thread's state. */
  get threadState(): 'off' | SendThread['state'] {
    return this.thread?.state ?? 'off';
  }

  /** The send thread indexes messages for search in the background (the main thread need not). */
  get indexesInThread(): boolean {
    return this.thread !== null;
  }

  /** Finishes the sends under way and stops the send thread. */
  close(): Promise<void> {
    return this.thread?.close() ?? Promise.resolve();
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
