import { fail } from '../../../lib/errors.js';
import { parseConversationId } from './conversation-id.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { authorize } from '../../../policies/policy.js';
import type { Executor } from '../../../db/repo.js';
import type { Steps } from '../../../db/steps.js';
import { partiesSteps, UserRepo, type Party, type UserRow } from '../../users/user.repo.js';

/**
 * Resolves a one-to-one conversation ID as its reader names it (`C2C<wtId of the other side>`) to
 * the other user. Group conversation IDs never come here: `Chats` (chats.ts) and `SendService` hand
 * them to the group side.
 */
export class PeerResolver {
  constructor(private readonly users: UserRepo) {}

  /** `db`: the executor to read through (a unit of work's transaction); the module's by default. */
  async open(userId: number, conversationID: string, db?: Executor): Promise<UserRow> {
    const users = db ? new UserRepo(db) : this.users;
    const peer = await users.byWtId(this.wtIdOf(conversationID));
    authorize(messagesPolicy, 'conversation.open', { userId }, { peerId: peer?.id });
    return peer!;
  }

  /**
   * `open` for the send path, as a step function (db/steps.ts): the peer and the caller (refused when
   * the caller is gone), in one read.
   */
  *openWithMe(userId: number, conversationID: string): Steps<{ me: Party; peer: Party }> {
    const { me, peer } = yield* partiesSteps(userId, this.wtIdOf(conversationID));
    authorize(messagesPolicy, 'conversation.open', { userId }, { peerId: peer?.id });
    if (!me) throw fail('unauthorized');
    return { me, peer: peer! };
  }

  private wtIdOf(conversationID: string): string {
    const ref = parseConversationId(conversationID);
    return ref.kind === 'c2c' ? ref.wtId : '';
  }
}
