import type { Counters, Message } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { applyCountersPatch, countersKey, refreshCountersSoon } from '../../lib/useCounters';
import { isArchived, isMarkedUnread, type Conversation } from './types';
import { isNotice } from './notices';

/**
 * The sidebar's unread total on a new message (docs/web.md "Messages"). The server pushes no
 * `counters.updated` per message, one-to-one or group: the messages screen counts a message from
 * someone else itself, by the rule its list row uses (newer than the row's last message, not on
 * screen, not a custom notice, not revoked), unless the conversation is muted or archived (the server
 * leaves those out of the total too) or marked unread with no unread yet (it already counted 1, as
 * on the server). A message of a conversation the list does not hold yet cannot be
 * judged here: the total is fetched again. Reads, mutes, clears and deletes push the exact total.
 */
export function countNewMessage(m: Message, known: Conversation | undefined, onScreen: boolean): void {
  if (m.flow !== 'in') return;
  if (!known) return refreshCountersSoon();
  const counts = m.sequence > known.lastSequence && !onScreen && !isNotice(m) && !m.isRevoked;
  if (!counts || known.isMuted || isArchived(known)) return;
  // Marked unread with nothing unread, the conversation already counts 1: the message is that one.
  if (isMarkedUnread(known) && known.unreadCount < 1) return;
  const cur = queryClient.getQueryData<Counters>(countersKey);
  if (cur) applyCountersPatch({ unread: cur.unread + 1 });
}
