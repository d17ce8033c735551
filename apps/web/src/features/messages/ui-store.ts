import { create } from 'zustand';
import type { ChatMessage } from './types';
import type { Tab } from './list-logic';

/** UI state of the messages screen (not server state): tab, archive view, quote, multi-select, blink. */
interface MessagesUi {
  tab: Tab;
  archiveOpen: boolean;
  /** The message quoted in the composer, per conversation. */
  quote: Record<string, ChatMessage | undefined>;
  selecting: boolean;
  selected: Set<string>;
  /** The message that blinks after a quote jump. */
  blinkID: string | null;
  /** Text put back into the composer by 重新编辑. */
  reedit: { conversationID: string; text: string; nonce: number } | null;
  setTab(tab: Tab): void;
  setArchiveOpen(open: boolean): void;
  setQuote(conversationID: string, m: ChatMessage | undefined): void;
  startSelect(firstID?: string): void;
  toggleSelected(id: string): void;
  endSelect(): void;
  blink(id: string | null): void;
  reeditText(conversationID: string, text: string): void;
}

export const useMessagesUi = create<MessagesUi>((set) => ({
  tab: 'all',
  archiveOpen: false,
  quote: {},
  selecting: false,
  selected: new Set(),
  blinkID: null,
  reedit: null,
  setTab: (tab) => set({ tab }),
  setArchiveOpen: (archiveOpen) => set({ archiveOpen }),
  setQuote: (conversationID, m) => set((s) => ({ quote: { ...s.quote, [conversationID]: m } })),
  startSelect: (firstID) => set({ selecting: true, selected: new Set(firstID ? [firstID] : []) }),
  toggleSelected: (id) =>
    set((s) => {
      const next = new Set(s.selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { selected: next };
    }),
  // Leaving multi-select clears the selection.
  endSelect: () => set({ selecting: false, selected: new Set() }),
  blink: (blinkID) => set({ blinkID }),
  reeditText: (conversationID, text) =>
    set((s) => ({ reedit: { conversationID, text, nonce: (s.reedit?.nonce ?? 0) + 1 } })),
}));
