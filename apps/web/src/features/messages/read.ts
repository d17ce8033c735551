import { call } from '../../lib/api';
import { socket } from '../../lib/realtime';
import { queryClient } from '../../lib/query';
import { countersKey } from '../../lib/useCounters';
import { getConversation, putConversation } from './conversations';

/**
 * Marks a conversation read up to `seq` (default: everything) — frame when the socket is up, else
 * REST; quiet on failure.
 */
export function markRead(conversationID: string, seq?: number): void {
  const c = getConversation(conversationID);
  // Nothing unread and the cursor at the end (or past `seq`): no call.
  if (c && c.unreadCount === 0 && c.readSequence >= c.lastSequence) return;
  if (c && seq !== undefined && c.readSequence >= seq) return;
  const body = seq === undefined ? { conversationID } : { conversationID, seq };
  const done = (conv: Parameters<typeof putConversation>[0]) => putConversation(conv);
  if (socket.status === 'open')
    socket
      .send<Parameters<typeof putConversation>[0]>('message.read', body)
      .then(done)
      .catch(() => {});
  // Without a socket the counters push of this read cannot reach the tab: ask for the counters.
  else
    void call('conversations', 'read', body, { silent: true }).then(
      (conv) => {
        done(conv);
        void queryClient.invalidateQueries({ queryKey: countersKey });
      },
      () => {},
    );
}
