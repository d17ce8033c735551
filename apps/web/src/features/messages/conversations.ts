import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Conversation, Message } from '@parley/protocol';
import { call } from '../../lib/api';
import { CONVERSATION_PAGE_SIZE } from '../../lib/early-request';
import { queryClient } from '../../lib/query';
import { useSession } from '../../lib/session';
import { upsertConversation } from './list-logic';
import { ListOverlay } from './list-overlay';
import { localCache } from './local';
import { isNotice } from './notices';

/** The largest conversation page the server gives; the entry asks for the first one early. */
const LIST_PAGE = CONVERSATION_PAGE_SIZE;

export const conversationsKey = (owner: string) => ['messages', 'conversations', owner] as const;

const me = () => useSession.getState().user?.wtId ?? '';

/** Pushes and own actions that land while the list is being fetched (they win over its answer). */
const overlay = new ListOverlay();

/** Every conversation of the user, a page of 100 at a time; each page paints as it arrives. */
async function fetchAll(owner: string): Promise<Conversation[]> {
  const token = overlay.begin();
  try {
    let list: Conversation[] = [];
    let cursor = 0;
    for (;;) {
      const page = await call('conversations', 'list', { cursor, count: LIST_PAGE });
      list = list.concat(page.conversations);
      if (page.isFinished || page.conversations.length === 0) break;
      cursor = page.nextCursor;
      queryClient.setQueryData(conversationsKey(owner), overlay.apply(token, list));
    }
    const merged = overlay.apply(token, list);
    void localCache.saveConversations(owner, merged);
    return merged;
  } finally {
    overlay.end(token);
  }
}

/**
 * The conversation list (server state). On a reload the device's copy paints first; the server's
 * answer replaces it. Pushes and own actions patch it in place (`patchConversations`).
 */
export function useConversations() {
  const owner = useSession((s) => s.user?.wtId ?? '');
  const query = useQuery({
    queryKey: conversationsKey(owner),
    queryFn: () => fetchAll(owner),
    enabled: !!owner,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useEffect(() => {
    if (!owner) return;
    let live = true;
    void localCache.loadConversations(owner).then((cached) => {
      if (live && cached && queryClient.getQueryData(conversationsKey(owner)) === undefined)
        queryClient.setQueryData(conversationsKey(owner), cached);
    });
    return () => {
      live = false;
    };
  }, [owner]);
  return query;
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;

/** Changes the cached list and saves it on the device shortly after. */
export function patchConversations(fn: (list: Conversation[]) => Conversation[]): void {
  const owner = me();
  if (!owner) return;
  const key = conversationsKey(owner);
  const cur = queryClient.getQueryData<Conversation[]>(key);
  // Before the first answer there is no list to change, but a fetch on its way must still learn of it.
  const next = fn(cur ?? []);
  overlay.note(cur ?? [], next);
  if (!cur || next === cur) return;
  queryClient.setQueryData(key, next);
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    const latest = queryClient.getQueryData<Conversation[]>(key);
    if (latest) void localCache.saveConversations(owner, latest);
  }, 500);
}

export function getConversation(conversationID: string): Conversation | undefined {
  return queryClient
    .getQueryData<Conversation[]>(conversationsKey(me()))
    ?.find((c) => c.conversationID === conversationID);
}

export const putConversation = (c: Conversation) => patchConversations((list) => upsertConversation(list, c));

/**
 * A new message in the list: last message, activity and unread (incoming, not read on screen).
 * A conversation the list does not hold yet (new, or deleted before) is fetched.
 */
export function applyMessage(m: Message, readOnScreen: boolean): void {
  const known = getConversation(m.conversationID);
  if (!known) {
    void call('conversations', 'get', { conversationID: m.conversationID }, { silent: true })
      .then(putConversation)
      .catch(() => {});
    return;
  }
  patchConversations((list) =>
    list.map((c) => {
      if (c.conversationID !== m.conversationID) return c;
      const newer = m.sequence > c.lastSequence;
      const counts = newer && m.flow === 'in' && !readOnScreen && !isNotice(m) && !m.isRevoked;
      return {
        ...c,
        lastMessage:
          newer || c.lastMessage?.messageID === m.ID
            ? {
                messageID: m.ID,
                type: m.type,
                payload: m.payload,
                lastTime: m.time,
                lastSequence: m.sequence,
                isRevoked: m.isRevoked,
                fromAccount: m.from,
                fromNick: m.nameCard || m.nick,
                revoker: m.revoker,
              }
            : c.lastMessage,
        lastSequence: Math.max(c.lastSequence, m.sequence),
        readSequence: m.flow === 'out' ? Math.max(c.readSequence, m.sequence) : c.readSequence,
        activityTime: Math.max(c.activityTime, m.timeMs),
        unreadCount: counts ? c.unreadCount + 1 : c.unreadCount,
      };
    }),
  );
}

/** Conversation actions of the list's menu and the chat header; the answer replaces the row. */
export const conversationOps = {
  pin: (conversationID: string, isPinned: boolean) =>
    call('conversations', 'pin', { conversationID, isPinned }).then(putConversation),
  mute: (conversationID: string, isMuted: boolean) =>
    call('conversations', 'mute', { conversationID, isMuted }).then(putConversation),
  archive: (conversationIDList: string[], enable: boolean) =>
    call('conversations', 'mark', { conversationIDList, markType: 4, enable }).then((r) =>
      patchConversations((list) => r.conversations.reduce(upsertConversation, list)),
    ),
  read: (conversationID: string) => call('conversations', 'read', { conversationID }).then(putConversation),
  /** 'Mark as unread' on or off (off: also when the conversation is opened). */
  markUnread: (conversationID: string, enable: boolean) =>
    call('conversations', 'mark', { conversationIDList: [conversationID], markType: 2, enable }).then((r) =>
      patchConversations((list) => r.conversations.reduce(upsertConversation, list)),
    ),
  remove: (conversationID: string) =>
    call('conversations', 'remove', { conversationID, clearHistory: true }).then(() =>
      patchConversations((list) => list.filter((c) => c.conversationID !== conversationID)),
    ),
};
