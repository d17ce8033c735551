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
  /**
   * Text 重新编辑 puts into the composer: a one-time hand-over that the composer takes
   * (`takeReedit`) as it writes it into the box. Kept here it would fill the box again each time
   * the conversation is opened, over whatever the user wrote since.
   */
  reedit: { conversationID: string; text: string; nonce: number } | null;
  /**
   * A message to scroll to and blink (a search result), taken by that conversation's list; its
   * sequence lets the list load the window around it in one request.
   */
  jumpTo: { conversationID: string; messageID: string; seq?: number; nonce: number } | null;
  requestJump(conversationID: string, messageID: string, seq?: number): void;
  setTab(tab: Tab): void;
  setArchiveOpen(open: boolean): void;
  setQuote(conversationID: string, m: ChatMessage | undefined): void;
  startSelect(firstID?: string): void;
  toggleSelected(id: string): void;
  endSelect(): void;
  blink(id: string | null): void;
  reeditText(conversationID: string, text: string): void;
  /** The composer of `conversationID` took the re-edited text. */
  takeReedit(conversationID: string): void;
}

export const useMessagesUi = create<MessagesUi>((set) => ({
  tab: 'all',
  archiveOpen: false,
  quote: {},
  selecting: false,
  selected: new Set(),
  blinkID: null,
  reedit: null,
  jumpTo: null,
  requestJump: (conversationID, messageID, seq) =>
    set((s) => ({ jumpTo: { conversationID, messageID, seq, nonce: (s.jumpTo?.nonce ?? 0) + 1 } })),
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
  takeReedit: (conversationID) =>
    set((s) => (s.reedit?.conversationID === conversationID ? { reedit: null } : s)),
}));
