import type { SendMessageBody } from '@parley/protocol';
import type { Executor } from '../../../db/repo.js';
import { runSteps } from '../../../db/steps.js';
import { fail } from '../../../lib/errors.js';
import { readableBy } from '../../../policies/messages.policy.js';
import { UserRepo } from '../../users/user.repo.js';
import { abstractOf } from '../core/message-abstract.js';
import { c2cConversationId, groupConversationId } from '../core/conversation-id.js';
import { oneMessageFacts } from '../core/message-facts.js';
import { messageByClientIdSteps } from '../core/message.repo.js';
import { GroupConvRepo } from '../group/group-conv.repo.js';

/** The longest abstract a quote keeps (the request schema's bound is 512). */
const QUOTE_ABSTRACT_MAX = 500;

/**
 * `body` with its quote (`cloudCustomData.messageReply`) taken from the stored message, whatever
 * the client wrote of it (docs/api.md "Quotes"): the quoted message must be in the conversation of
 * the send, readable by the sender (`readableBy` over `messageFacts`) and not revoked, else 27002.
 * Its type and abstract come from the stored message, its sender from the quoted sender's nickname
 * (their wtId when they have none). A retry of a send already stored is left to the send's own retry
 * check. One-to-one and group sends pass here.
 */
export async function withStoredQuote(
  db: Executor,
  userId: number,
  body: SendMessageBody,
  now: number,
): Promise<SendMessageBody> {
  const reply = body.cloudCustomData?.messageReply;
  if (!reply) return body;
  // A retry of a stored send answers the stored message, whatever became of the quoted one since.
  if (await runSteps(db, messageByClientIdSteps(userId, body.clientMsgId))) return body;
  const loaded = await oneMessageFacts(db, userId, reply.messageID, now);
  const row = loaded.row;
  if (!row || row.revoked === 1 || readableBy(userId, loaded.facts) !== true) throw fail('quoteNotFound');
  if (
    (await conversationIdOf(db, loaded.facts.chat, row.conversation_id, loaded.peer?.wt_id)) !== wanted(body)
  )
    throw fail('quoteNotFound');
  const sender = await new UserRepo(db).byId(Number(row.sender_id));
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  const out = { ...body };
  out.cloudCustomData = {
    messageReply: {
      messageID: row.msg_id,
      messageType: row.type,
      messageSender: sender?.nick_name || sender?.wt_id || '',
      messageAbstract: abstractOf({ type: row.type, payload }, QUOTE_ABSTRACT_MAX),
    },
  };
  return out;
}

/** A conversation id compared without the case of a wtId (wtIds are case-insensitive). */
const wanted = (body: SendMessageBody) =>
  body.conversationID.startsWith('C2C') ? body.conversationID.toLowerCase() : body.conversationID;

/** The quoted message's conversation as the sender names it. */
async function conversationIdOf(
  db: Executor,
  chat: string,
  conversationId: number,
  peerWtId: string | undefined,
): Promise<string | undefined> {
  if (chat !== 'group') return peerWtId === undefined ? undefined : c2cConversationId(peerWtId).toLowerCase();
  const group = await new GroupConvRepo(db).groupOf(Number(conversationId));
  return group && groupConversationId(group.group_number);
}
