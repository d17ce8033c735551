import type { Message, SendMessageBody } from '@parley/protocol';
import { sqliteFileOf } from '../../../db/compiled.js';
import type { Executor } from '../../../db/repo.js';
import { runSteps, type Steps } from '../../../db/steps.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { MessageRepo, type MessageRow } from '../core/message.repo.js';
import { MessagingViews } from '../core/messaging.views.js';
import type { CommitBatcher, StepUnit } from './commit-batcher.js';
import { sameConversation } from './retry-check.js';

/** What a send's checks found: the stored message a retry names, or what its store needs. */
export type Checked<C> = { first: MessageRow } | C;

/** One send as step functions: read-only checks, the lock keys they name, and the store. */
export interface SendJob<C, S> {
  check(): Steps<Checked<C>>;
  /** The rows the store locks besides the sender's (users; conversations negative). */
  keys(checked: C): number[];
  store(uow: StepUnit, checked: C): Steps<S>;
}

type Stored<S> = { value: S } | { retryOf: MessageRow };

/**
 * How every send is committed, one-to-one or group (docs/decisions/044-one-send-path.md): its
 * checks and its store, step functions, go to this thread's send driver as one job (group commit).
 * On SQLite the checks run inside the batch's transaction; on PostgreSQL before it, awaited (inside,
 * each would be one more round trip while the batch holds its locks), and the rows they name become
 * the batch's lock keys. A retry (the sender's clientMsgId again) answers the stored message if it is
 * this conversation's, also when two copies raced each other.
 */
export class SendCommits {
  /** PostgreSQL: the checks run before the batch. */
  private readonly checksFirst: boolean;

  constructor(
    private readonly db: Executor,
    private readonly batcher: CommitBatcher,
  ) {
    this.checksFirst = !sqliteFileOf(db);
  }

  async run<C extends object, S>(
    userId: number,
    body: Pick<SendMessageBody, 'clientMsgId' | 'conversationID'>,
    job: SendJob<C, S>,
  ): Promise<S | Message> {
    const stored = await this.commit(userId, body.clientMsgId, job);
    if ('value' in stored) return stored.value;
    const message = await new MessagingViews(this.db).message(userId, stored.retryOf);
    return sameConversation(message, body.conversationID);
  }

  private async commit<C extends object, S>(
    userId: number,
    clientMsgId: string,
    job: SendJob<C, S>,
  ): Promise<Stored<S>> {
    const work = function* (uow: StepUnit, checked: Checked<C>): Steps<Stored<S>> {
      if ('first' in checked) return { retryOf: checked.first };
      return { value: yield* job.store(uow, checked) };
    };
    if (!this.checksFirst)
      return this.batcher.run<Stored<S>>([userId], {
        check: () => job.check(),
        work: (uow, checked) => work(uow, checked as Checked<C>),
      });
    const checked = await runSteps(this.db, job.check());
    const keys = 'first' in checked ? [] : job.keys(checked);
    try {
      return await this.batcher.run<Stored<S>>([userId, ...keys], { work: (uow) => work(uow, checked) });
    } catch (err) {
      // The same clientMsgId sent twice at once: the loser answers the winner's message.
      if (isUniqueViolation(err)) {
        const winner = await new MessageRepo(this.db).byClientId(userId, clientMsgId);
        if (winner) return { retryOf: winner };
      }
      throw err;
    }
  }
}
