import { create } from 'zustand';
import type { Message } from '@parley/protocol';
import { markPeerRead, mergeMessages, setStatus } from './merge';
import type { ChatMessage } from './types';

export interface ConversationMessages {
  messages: ChatMessage[];
  /** No older history on the server. */
  isCompleted: boolean;
  /** Where the list came from so far: the device cache, or the server. */
  source: 'cache' | 'server';
}

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
  merge(conversationID: string, messages: readonly Message[], page?: { isCompleted: boolean }): void;
  /** The latest page from the server: replaces the list when it does not join what is held. */
  latest(conversationID: string, messages: readonly Message[], isCompleted: boolean): void;
  fromCache(conversationID: string, messages: readonly Message[], isCompleted: boolean): void;
  addPending(message: ChatMessage): void;
  setStatus(conversationID: string, clientMsgId: string, status: ChatMessage['status']): void;
  removeLocal(conversationID: string, ids: readonly string[]): void;
  peerRead(conversationID: string, seq: number): void;
  setTyping(conversationID: string, until: number): void;
  forget(conversationID: string): void;
}

const empty: ConversationMessages = { messages: [], isCompleted: false, source: 'cache' };

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
  merge(conversationID, messages, page) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID] ?? empty;
      return {
        byConv: {
          ...s.byConv,
          [conversationID]: {
            ...cur,
            messages: mergeMessages(cur.messages, messages, deletedIn(s, conversationID)),
            isCompleted: page ? page.isCompleted : cur.isCompleted,
          },
        },
      };
    });
  },
  latest(conversationID, messages, isCompleted) {
    keepOriginals(get(), conversationID, messages);
    set((s) => {
      const cur = s.byConv[conversationID];
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
          [conversationID]: {
            messages: mergeMessages(base, messages, deletedIn(s, conversationID)),
            isCompleted: joins && cur.source === 'server' ? cur.isCompleted || isCompleted : isCompleted,
            source: 'server',
          },
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
