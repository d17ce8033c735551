import type { Conversation, Message } from '@parley/protocol';
import { idb, STORES } from './idb';
import type { OutgoingMessage } from './types';

/** How many of a conversation's latest messages are kept on the device. */
export const CACHED_MESSAGES = 50;

const convKey = (owner: string) => `${owner}:conversations`;
const msgKey = (owner: string, conversationID: string) => `${owner}:m:${conversationID}`;

/**
 * Local-first cache (docs/web.md "Messages"): the conversation list and the latest messages of each
 * opened conversation, per user, so a reload paints before the network answers.
 */
export const localCache = {
  loadConversations: (owner: string) => idb.get<Conversation[]>(STORES.cache, convKey(owner)),
  saveConversations: (owner: string, list: readonly Conversation[]) =>
    idb.put(STORES.cache, convKey(owner), list),
  loadMessages: async (owner: string, conversationID: string) => {
    const held = await idb.get<{ messages: Message[]; isCompleted: boolean }>(
      STORES.cache,
      msgKey(owner, conversationID),
    );
    // A copy kept before messages carried their `can` flags is not used: the server's page replaces it.
    return held?.messages.every((m) => 'can' in m) ? held : undefined;
  },
  /** Keeps the latest stored messages only (pending ones live in the outbox). */
  saveMessages: (
    owner: string,
    conversationID: string,
    messages: readonly Message[],
    isCompleted: boolean,
  ) => {
    const latest = messages.slice(-CACHED_MESSAGES);
    return idb.put(STORES.cache, msgKey(owner, conversationID), {
      messages: latest,
      isCompleted: isCompleted && latest.length === messages.length,
    });
  },
};

/**
 * The outbox: own messages written while they could not be sent (offline, socket down, no ack
 * yet). Each keeps its clientMsgId, so sending it again after a reload or a reconnect can never
 * store it twice (the server answers the first copy).
 */
export const outbox = {
  add: (m: OutgoingMessage) => idb.put(STORES.outbox, m.clientMsgId, m),
  remove: (clientMsgId: string) => idb.del(STORES.outbox, clientMsgId),
  async list(owner: string): Promise<OutgoingMessage[]> {
    const all = await idb.all<OutgoingMessage>(STORES.outbox);
    return all.filter((m) => m.ownerID === owner).sort((a, b) => a.createdAt - b.createdAt);
  },
};

/**
 * Logging out forgets this device's copy of the chats (the outbox too: what was not sent by then is
 * dropped with the session), so the next person at this browser finds nothing of them.
 */
export function forgetOnLogout(
  subscribe: (listener: (token: string | null) => void) => () => void,
): () => void {
  let had = false;
  return subscribe((token) => {
    if (token) had = true;
    else if (had) {
      had = false;
      void idb.clear(STORES.cache);
      void idb.clear(STORES.outbox);
    }
  });
}
