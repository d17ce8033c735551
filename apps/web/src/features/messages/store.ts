import { create } from 'zustand';
import type { Message } from '@parley/protocol';
import { markPeerRead, mergeMessages, setStatus } from './merge';
import { trimNewest, trimOldest, withinWindow, type ConversationMessages } from './window';
import type { ChatMessage } from './types';

export type { ConversationMessages };

interface ChatState {
  byConv: Record<string, ConversationMessages>;
  /** Own texts by message ID, kept when they are revoked so 重新编辑 can bring them back. */
  originals: Map<string, string>;
  /**
   * Messages this user deleted, per conversation, while its list is held: a copy read before the
   * delete (a history page, the device cache) must not bring one back (merge.ts).
   */
  deleted: Map<string, Set<string>>;
  /** conversationID → unix ms until which the peer reads as typing. */
  typingUntil: Record<string, number>;
  /**
   * Merges messages into the window; past its end (it does not reach the newest) they are left
   * out, and `missed` counts them when `countMissed`. An older page (`page`) trims the newest end.
   */
  merge(
    conversationID: string,
    messages: readonly Message[],
    page?: { isCompleted: boolean },
    countMissed?: boolean,
  ): void;
  /** A page around a position: the window starts over there (one-to-one jump to a search hit). */
  around(conversationID: string, messages: readonly Message[], isCompleted: boolean, hasMore: boolean): void;
  /** A newer page after the window's end: appended, the oldest end trimmed. */
  newer(conversationID: string, messages: readonly Message[], hasMore: boolean): void;
  /**
   * The latest page from the server: replaces the list when it does not join what is held. A
   * window that stops short of the newest is left as it is unless `reset` (jump to newest).
   */
  latest(conversationID: string, messages: readonly Message[], isCompleted: boolean, reset?: boolean): void;
  fromCache(conversationID: string, messages: readonly Message[], isCompleted: boolean): void;
  addPending(message: ChatMessage): void;
  setStatus(conversationID: string, clientMsgId: string, status: ChatMessage['status']): void;
  removeLocal(conversationID: string, ids: readonly string[]): void;
  peerRead(conversationID: string, seq: number): void;
  setTyping(conversationID: string, until: number): void;
  forget(conversationID: string): void;
}

const empty: ConversationMessages = {
  messages: [],
  isCompleted: false,
  source: 'cache',
  reachesNewest: true,
  missed: 0,
};

/** Own text payloads of revoked messages are emptied by the server: remember them first. */
function keepOriginals(state: ChatState, conversationID: string, incoming: readonly Message[]) {
  const held = state.byConv[conversationID]?.messages;
  if (!held) return;
  for (const m of incoming) {
    if (!m.isRevoked || m.flow !== 'out') continue;
    const old = held.find((h) => h.ID === m.ID);
    const text = old?.payload.text;
    if (old && !old.isRevoked && old.type === 'text' && typeof text === 'string')
      state.originals.set(m.ID, text);
  }
}

/** The conversation's set in `state.deleted`, made on first use. */
function deletedIn(state: ChatState, conversationID: string): Set<string> {
  let ids = state.deleted.get(conversationID);
  if (!ids) state.deleted.set(conversationID, (ids = new Set()));
  return ids;
}

export const useChatStore = create<ChatState>((set, get) => ({
  byConv: {},
  originals: new Map(),
  deleted: new Map(),
  typingUntil: {},
  merge(conversationID, messages, page, countMissed) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID] ?? empty;
      const { kept, past } = withinWindow(cur, messages);
      const merged: ConversationMessages = {
        ...cur,
        messages: mergeMessages(cur.messages, kept, deletedIn(s, conversationID)),
        isCompleted: page ? page.isCompleted : cur.isCompleted,
        missed: countMissed ? cur.missed + past : cur.missed,
      };
      return { byConv: { ...s.byConv, [conversationID]: page ? trimNewest(merged) : merged } };
    });
  },
  around(conversationID, messages, isCompleted, hasMore) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID];
      const pending = cur?.messages.filter((m) => m.status !== 'success') ?? [];
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: {
            messages: mergeMessages(pending, messages, deletedIn(s, conversationID)),
            isCompleted,
            source: 'server',
            reachesNewest: !hasMore,
            missed: 0,
          },
        },
      };
    });
  },
  newer(conversationID, messages, hasMore) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID] ?? empty;
      const merged: ConversationMessages = {
        ...cur,
        messages: mergeMessages(cur.messages, messages, deletedIn(s, conversationID)),
        reachesNewest: !hasMore,
        missed: hasMore ? cur.missed : 0,
      };
      return { byConv: { ...s.byConv, [conversationID]: trimOldest(merged) } };
    });
  },
  latest(conversationID, messages, isCompleted, reset) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID];
      // A window away from the newest (a search hit opened meanwhile) stays unless asked to go back.
      if (cur && !cur.reachesNewest && !reset) return s;
      const stored = cur?.messages.filter((m) => m.status === 'success') ?? [];
      const pending = cur?.messages.filter((m) => m.status !== 'success') ?? [];
      const lastHeld = stored.at(-1)?.sequence ?? 0;
      const first = messages[0]?.sequence ?? 0;
      // A gap between what is held and the page (the device was away): start from the page.
      const joins = cur && (messages.length === 0 || first <= lastHeld + 1);
      const base = joins ? cur.messages : pending;
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: trimOldest({
            messages: mergeMessages(base, messages, deletedIn(s, conversationID)),
            isCompleted: joins && cur.source === 'server' ? cur.isCompleted || isCompleted : isCompleted,
            source: 'server',
            reachesNewest: true,
            missed: 0,
          }),
        },
      };
    });
  },
  fromCache(conversationID, messages, isCompleted) {
    // The device copy fills in until the server's latest page arrives. Messages that came first
    // (a sync after the reconnect, a push, the outbox) are kept and the device copy merged under them.
    set((s) => {
      const cur = s.byConv[conversationID];
      if (cur?.source === 'server') return s;
      const held = cur?.messages ?? [];
      const ids = new Set(held.flatMap((m) => (m.clientMsgId ? [m.ID, m.clientMsgId] : [m.ID])));
      const older = messages.filter((m) => !ids.has(m.ID) && !(m.clientMsgId && ids.has(m.clientMsgId)));
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: {
            messages: mergeMessages(held, older, deletedIn(s, conversationID)),
            isCompleted,
            source: 'cache',
            reachesNewest: true,
            missed: 0,
          },
        },
      };
    });
  },
  addPending(message) {
    set((s) => {
      const cur = s.byConv[message.conversationID] ?? empty;
      if (cur.messages.some((m) => m.clientMsgId === message.clientMsgId)) return s;
      return {
        byConv: {
          ...s.byConv,
          [message.conversationID]: { ...cur, messages: [...cur.messages, message] },
        },
      };
    });
  },
  setStatus(conversationID, clientMsgId, status) {
    set((s) => {
      const cur = s.byConv[conversationID];
      if (!cur) return s;
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: { ...cur, messages: setStatus(cur.messages, clientMsgId, status) },
        },
      };
    });
  },
  removeLocal(conversationID, ids) {
    set((s) => {
      const cur = s.byConv[conversationID];
      if (!cur) return s;
      const drop = new Set(ids);
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: { ...cur, messages: cur.messages.filter((m) => !drop.has(m.ID)) },
        },
      };
    });
  },
  peerRead(conversationID, seq) {
    set((s) => {
      const cur = s.byConv[conversationID];
      if (!cur) return s;
      const messages = markPeerRead(cur.messages, seq);
      return messages === cur.messages
        ? s
        : { byConv: { ...s.byConv, [conversationID]: { ...cur, messages } } };
    });
  },
  setTyping(conversationID, until) {
    set((s) => ({ typingUntil: { ...s.typingUntil, [conversationID]: until } }));
  },
  forget(conversationID) {
    get().deleted.delete(conversationID);
    set((s) => {
      const { [conversationID]: _gone, ...rest } = s.byConv;
      return { byConv: rest };
    });
  },
}));

export const useConversationMessages = (conversationID: string | null) =>
  useChatStore((s) => (conversationID ? s.byConv[conversationID] : undefined));
