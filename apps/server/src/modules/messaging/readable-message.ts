import type { Db } from '../../db/index.js';
import { fail } from '../../lib/errors.js';
import { messagesPolicy } from '../../policies/messages.policy.js';
import { decide } from '../../policies/policy.js';
import { ConversationRepo } from './conversation.repo.js';
import { MessageRepo, type MessageRow } from './message.repo.js';

/**
 * The message `msgId` as stored, if the caller may see it now (one-to-one or group: a member of
 * its conversation, not deleted or cleared by them, within their stay in a group, not revoked);
 * otherwise 404, the same answer whether it does not exist or is someone else's.
 */
export async function readableMessage(
  db: Db,
  userId: number,
  msgId: string,
  now: number,
): Promise<MessageRow> {
  const msgs = new MessageRepo(db);
  const row = await msgs.byMsgId(msgId);
  if (!row || row.revoked === 1) throw fail('notFound');
  const member = await new ConversationRepo(db).member(row.conversation_id, userId);
  const hidden = (await msgs.hiddenAmong(userId, [row.id])).has(row.id);
  const decision = decide(
    messagesPolicy,
    'message.view',
    { userId },
    {
      message: {
        senderId: row.sender_id,
        seq: row.seq,
        visibleTo: row.visible_to,
        createdAt: row.created_at,
        revoked: false,
      },
      member: member ? { clearedSeq: member.cleared_seq, untilSeq: member.until_seq } : undefined,
      hidden,
      now,
    },
  );
  if (decision !== true) throw fail('notFound');
  return row;
}
