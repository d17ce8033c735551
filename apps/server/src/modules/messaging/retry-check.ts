import type { Message } from '@parley/protocol';
import { fail } from '../../lib/errors.js';

/**
 * A send is idempotent per (sender, conversation, clientMsgId): a retry answers the stored message. A
 * clientMsgId the sender already used in another conversation is refused (409 26001) rather than
 * answered with that other message, which would tell the client its new message was delivered.
 */
export function sameConversation(stored: Message, conversationID: string): Message {
  if (stored.conversationID.toLowerCase() !== conversationID.toLowerCase()) {
    throw fail('clientMsgIdReused');
  }
  return stored;
}
