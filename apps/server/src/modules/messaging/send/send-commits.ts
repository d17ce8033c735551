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

/** A retry's stored message, as a unit's value (a class: told apart from any store's value by `instanceof`). */
class RetryOf {
  constructor(readonly row: MessageRow) {}
}

/** The unit's work when its checks found a retry: nothing is written. */
// eslint-disable-next-line require-yield
function* retryOf(row: MessageRow): Steps<RetryOf> {
  return new RetryOf(row);
}

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
    if (!(stored instanceof RetryOf)) return stored;
    const message = await new MessagingViews(this.db).message(userId, stored.row);
    return sameConversation(message, body.conversationID);
  }

  private async commit<C extends object, S>(
    userId: number,
    clientMsgId: string,
    job: SendJob<C, S>,
  ): Promise<S | RetryOf> {
    // The store's own generator runs as the unit's work (no wrapper between its steps and the driver).
    const work = (uow: StepUnit, checked: Checked<C>): Steps<S | RetryOf> =>
      'first' in checked ? retryOf(checked.first) : job.store(uow, checked);
    if (!this.checksFirst)
      return this.batcher.run<S | RetryOf>([userId], {
        check: () => job.check(),
        work: (uow, checked) => work(uow, checked as Checked<C>),
      });
    const checked = await runSteps(this.db, job.check());
    const keys = 'first' in checked ? [] : job.keys(checked);
    try {
      return await this.batcher.run<S | RetryOf>([userId, ...keys], { work: (uow) => work(uow, checked) });
    } catch (err) {
      // The same clientMsgId sent twice at once: the loser answers the winner's message.
      if (isUniqueViolation(err)) {
        const winner = await new MessageRepo(this.db).byClientId(userId, clientMsgId);
        if (winner) return new RetryOf(winner);
      }
      throw err;
    }
  }
}
