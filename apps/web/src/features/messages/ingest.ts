import type { Message } from '@parley/protocol';
import { applyMessage } from './conversations';
import { useChatStore } from './store';

/**
 * How messages arrived, which decides what they change:
 * - `push`: a `message.new` frame. It joins the chat's list when that list is held or the chat is
 *   open (its first page may have been read before the push; `latest` keeps what is held when the
 *   page joins it), and moves the conversation row (unread unless `onScreen`).
 * - `update`: a `message.updated` frame: the chat's list as for a push; the row only for a revoke.
 * - `own`: the server's answer to an own action (a send's ack, a revoke): the list and the row.
 * - `sync`: a page of changes after a reconnect: the lists this tab holds (the rows come with the
 *   sync's conversations).
 * - `patch`: held messages changed in place (group read counts, an administrator's revokes, a gap
 *   filled from history): the list only.
 * - `latest`, `older`, `cache`: the latest page from the server (`reset`: back from a window away
 *   from the newest), an older page, the device's copy.
 * - `around`, `newer`: a page around a position (a search hit: the window starts over there) and a
 *   page after the window's end (docs/decisions/046-windowed-message-history.md).
 * While the window does not reach the newest, pushes, updates and sync pages past its end are not
 * merged: pushes count toward the jump-to-newest button instead.
 */
export type Arrival =
  | { from: 'push'; onScreen: boolean; openID: string | null }
  | { from: 'update'; openID: string | null }
  | { from: 'own' }
  | { from: 'sync' }
  | { from: 'patch' }
  | { from: 'latest'; isCompleted: boolean; reset?: boolean }
  | { from: 'older' | 'cache'; isCompleted: boolean }
  | { from: 'around'; isCompleted: boolean; hasMore: boolean }
  | { from: 'newer'; hasMore: boolean };

/**
 * The only writer of stored messages into the web client's stores: the chat lists (store.ts) and
 * the conversation list's rows (conversations.ts). Pending own messages are the outbox's
 * (`addPending`); the ack replaces them through here.
 */
export function ingest(conversationID: string, messages: readonly Message[], arrival: Arrival): void {
  const store = useChatStore.getState();
  const held = store.byConv[conversationID] !== undefined;
  switch (arrival.from) {
    case 'push':
    case 'update': {
      if (held || conversationID === arrival.openID)
        store.merge(conversationID, messages, undefined, arrival.from === 'push');
      for (const m of messages) {
        if (arrival.from === 'push') applyMessage(m, arrival.onScreen);
        else if (m.isRevoked) applyMessage(m, true);
      }
      return;
    }
    case 'own':
      store.merge(conversationID, messages);
      for (const m of messages) applyMessage(m, true);
      return;
    case 'sync':
      if (held) store.merge(conversationID, messages);
      return;
    case 'patch':
      store.merge(conversationID, messages);
      return;
    case 'latest':
      store.latest(conversationID, messages, arrival.isCompleted, arrival.reset);
      return;
    case 'around':
      store.around(conversationID, messages, arrival.isCompleted, arrival.hasMore);
      return;
    case 'newer':
      store.newer(conversationID, messages, arrival.hasMore);
      return;
    case 'older':
      store.merge(conversationID, messages, { isCompleted: arrival.isCompleted });
      return;
    case 'cache':
      store.fromCache(conversationID, messages, arrival.isCompleted);
      return;
  }
}
