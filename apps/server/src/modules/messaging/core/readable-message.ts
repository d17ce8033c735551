import type { Db } from '../../../db/index.js';
import { fail } from '../../../lib/errors.js';
import { messagesPolicy } from '../../../policies/messages.policy.js';
import { decide } from '../../../policies/policy.js';
import { oneMessageFacts } from './message-facts.js';
import type { MessageRow } from './message.repo.js';

/**
 * The message `msgId` as stored, if the caller may see it now (`message.view` over `messageFacts`)
 * and it is not revoked; otherwise 404, the same answer whether it does not exist or is someone
 * else's.
 */
export async function readableMessage(
  db: Db,
  userId: number,
  msgId: string,
  now: number,
): Promise<MessageRow> {
  const { row, facts } = await oneMessageFacts(db, userId, msgId, now);
  if (!row || row.revoked === 1) throw fail('notFound');
  if (decide(messagesPolicy, 'message.view', { userId }, facts) !== true) throw fail('notFound');
  return row;
}
