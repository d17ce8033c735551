import { create } from 'zustand';
import type { ReactionChanged, ReactionSummary } from '@parley/protocol';

type ByMessage = Record<string, ReactionSummary[]>;

interface ReactionsState {
  /** reactionList by conversationID, then message ID. */
  byConv: Record<string, ByMessage>;
  put(conversationID: string, messageID: string, list: ReactionSummary[]): void;
  putMany(conversationID: string, lists: { messageID: string; reactionList: ReactionSummary[] }[]): void;
  /** A live change: totals from the server; `reactedByMe` follows the change when it was mine. */
  apply(change: ReactionChanged, me: string): void;
}

export const useReactions = create<ReactionsState>((set) => ({
  byConv: {},
  put: (conversationID, messageID, list) =>
    set((s) => ({
      byConv: { ...s.byConv, [conversationID]: { ...s.byConv[conversationID], [messageID]: list } },
    })),
  putMany: (conversationID, lists) =>
    set((s) => {
      const next = { ...s.byConv[conversationID] };
      for (const l of lists) next[l.messageID] = l.reactionList;
      return { byConv: { ...s.byConv, [conversationID]: next } };
    }),
  apply: (c, me) =>
    set((s) => {
      const before = s.byConv[c.conversationID]?.[c.messageID] ?? [];
      const mineBefore = new Set(before.filter((r) => r.reactedByMe).map((r) => r.emoji));
      if (c.wtId === me) {
        if (c.added) mineBefore.add(c.emoji);
        else mineBefore.delete(c.emoji);
      }
      const list = c.totals.map((r) => ({ ...r, reactedByMe: mineBefore.has(r.emoji) }));
      return {
        byConv: { ...s.byConv, [c.conversationID]: { ...s.byConv[c.conversationID], [c.messageID]: list } },
      };
    }),
}));
