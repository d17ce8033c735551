import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast-store';
import { loadAround, loadOlder } from './hooks';
import { useChatStore } from './store';
import type { Row } from './timeline';
import { useMessagesUi } from './ui-store';

/** Blink of a message reached through a quote or a search hit. */
export const BLINK_MS = 3000;
/** History pages a quote jump (which knows no sequence) loads at most looking for the original. */
const JUMP_PAGES = 10;

interface JumpDeps {
  id: string;
  rows: readonly Row[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Keeps the reading position while an older page comes in. */
  holdTopRow(): void;
  /** Stops following the newest and drops any held reading position. */
  release(): void;
}

/**
 * Jumps to a message and lets it blink. With its sequence (a search hit) a message outside the
 * window is reached with one request: the window around it (docs/decisions/046); without (a
 * quote, a pin) older pages are loaded until it is found. The scroll happens once the rows hold it.
 */
export function useJump({ id, rows, virtualizer, holdTopRow, release }: JumpDeps) {
  const { t } = useTranslation('messages');
  // The message to scroll to once the rows hold it; `tick` runs the effect when they already do.
  const target = useRef<string | null>(null);
  const [tick, setTick] = useState(0);

  useLayoutEffect(() => {
    const messageID = target.current;
    if (!messageID) return;
    const index = rows.findIndex((r) => r.kind === 'message' && r.message.ID === messageID);
    if (index < 0) return;
    target.current = null;
    release();
    virtualizer.scrollToIndex(index, { align: 'center' });
    useMessagesUi.getState().blink(messageID);
    setTimeout(
      () => useMessagesUi.getState().blinkID === messageID && useMessagesUi.getState().blink(null),
      BLINK_MS,
    );
  }, [rows, virtualizer, release, tick]);

  const jump = useCallback(
    async (messageID: string, seq?: number) => {
      const find = () => useChatStore.getState().byConv[id]?.messages.find((m) => m.ID === messageID);
      try {
        if (!find() && seq !== undefined) await loadAround(id, seq);
        for (let tries = 0; !find() && seq === undefined && tries < JUMP_PAGES; tries++) {
          const list = useChatStore.getState().byConv[id];
          if (!list || list.isCompleted) break;
          holdTopRow();
          await loadOlder(id);
        }
      } catch {
        return toast.error(t('loadFailed'));
      }
      const found = find();
      if (!found) return toast.info(t('quote.missing'));
      if (found.isRevoked) return toast.info(t('quote.revoked'));
      release();
      target.current = messageID;
      setTick((n) => n + 1);
    },
    [id, t, holdTopRow, release],
  );

  // A search result's message, taken once this conversation's list is mounted.
  const jumpTo = useMessagesUi((s) => (s.jumpTo?.conversationID === id ? s.jumpTo : null));
  useEffect(() => {
    if (!jumpTo) return;
    useMessagesUi.setState({ jumpTo: null });
    void jump(jumpTo.messageID, jumpTo.seq);
  }, [jumpTo, jump]);

  return jump;
}
