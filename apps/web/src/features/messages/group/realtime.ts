import { useEffect, useRef, type RefObject } from 'react';
import type { Message } from '@parley/protocol';
import { call } from '../../../lib/api';
import { useSocketEvent } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { getConversation, patchConversations, putConversation } from '../conversations';
import { markRead } from '../read';
import { ingest } from '../ingest';
import { useChatStore } from '../store';
import {
  atTypeFor,
  groupConversationID,
  lastStoredSequence,
  receiptsToRefresh,
  sequenceGap,
  type GroupConversation,
} from './logic';
import { applyRevokeAll, refreshReceipts } from './receipts';
import { loadGroupVersions, noteGroupVersion } from './versions';

/** Read counts refresh at most this often per conversation after `group.read` frames. */
export const RECEIPT_DEBOUNCE_MS = 300;
/** Pages fetched to fill one sequence gap before leaving the rest to the next opening. */
const GAP_PAGES = 5;
const PAGE = 50;

const filling = new Set<string>();

/**
 * A group message from the topic, before it is merged: the held list's last sequence, so a gap
 * it opens can be filled from history after the merge.
 */
export function heldLastSequence(conversationID: string): number {
  const held = useChatStore.getState().byConv[conversationID];
  return held ? lastStoredSequence(held.messages) : 0;
}

/** Fills the sequences missing between what the tab held and a new group message (history pages). */
export async function fillGap(conversationID: string, heldLast: number, incoming: number): Promise<void> {
  const gap = sequenceGap(heldLast, incoming);
  if (!gap || filling.has(conversationID)) return;
  filling.add(conversationID);
  try {
    let before = incoming;
    for (let i = 0; i < GAP_PAGES && before > gap.from; i++) {
      const count = Math.min(100, Math.max(PAGE, before - gap.from));
      const page = await call(
        'messages',
        'history',
        { conversationID, beforeSeq: before, count },
        { silent: true },
      );
      if (!page.messages.length) break;
      const me = useSession.getState().user?.wtId ?? '';
      ingest(
        conversationID,
        page.messages.map((m) => (m.from === me ? { ...m, flow: 'out' as const } : m)),
        { from: 'patch' },
      );
      page.messages.forEach(noteGroupVersion);
      before = Math.min(...page.messages.map((m) => m.sequence));
      if (page.isCompleted) break;
    }
  } catch {
    // The next opening or reconnect loads the latest page again.
  } finally {
    filling.delete(conversationID);
  }
}

/** A message mentioning me (or everyone) that stays unread: '[有人@我]' / '[@所有人]' and the @我 tab. */
export function noteMention(m: Message, me: string, readOnScreen: boolean): void {
  const atType = atTypeFor(m.atUserList ?? [], me);
  if (!atType || m.flow !== 'in' || readOnScreen || m.isRevoked) return;
  patchConversations((list) =>
    list.map((c) => {
      const g = c as GroupConversation;
      if (c.conversationID !== m.conversationID || g.groupAtInfoList?.some((a) => a.messageID === m.ID))
        return c;
      return {
        ...c,
        groupAtInfoList: [...(g.groupAtInfoList ?? []), { messageID: m.ID, sequence: m.sequence, atType }],
      };
    }),
  );
}

/**
 * Group frames of the messages screen: type 7 (an administrator revoked all of a member's
 * messages), `group.read` (refresh the read counts of own messages, debounced), type 5 changes of
 * my own membership (the conversation's state comes again), and the group versions per user.
 */
export function useGroupMessagesRealtime(openRef: RefObject<string | null>): void {
  const me = useSession((s) => s.user?.wtId ?? '');
  useEffect(() => {
    void loadGroupVersions(me);
  }, [me]);

  useSocketEvent('7', ({ groupNumber, wtId, seq }) => {
    const id = groupConversationID(groupNumber);
    applyRevokeAll(id, wtId, seq);
    patchConversations((list) =>
      list.map((c) =>
        c.conversationID === id && c.lastMessage?.fromAccount === wtId && c.lastMessage.lastSequence <= seq
          ? { ...c, lastMessage: { ...c.lastMessage, isRevoked: true, revoker: 'administrator' } }
          : c,
      ),
    );
  });

  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; seq: number }>());
  useSocketEvent('group.read', ({ conversationID, readerID, seq }) => {
    if (readerID === me || !useChatStore.getState().byConv[conversationID]) return;
    const cur = timers.current.get(conversationID);
    if (cur) clearTimeout(cur.timer);
    const top = Math.max(seq, cur?.seq ?? 0);
    const timer = setTimeout(() => {
      timers.current.delete(conversationID);
      const held = useChatStore.getState().byConv[conversationID]?.messages ?? [];
      void refreshReceipts(conversationID, receiptsToRefresh(held, top)).catch(() => {});
    }, RECEIPT_DEBOUNCE_MS);
    timers.current.set(conversationID, { timer, seq: top });
  });
  useEffect(() => {
    const map = timers.current;
    return () => map.forEach((t) => clearTimeout(t.timer));
  }, []);

  useSocketEvent('5', ({ groupNumber, change }) => {
    if (!['removed', 'dissolved', 'quit', 'joined', 'self'].includes(change)) return;
    const id = groupConversationID(groupNumber);
    if (!getConversation(id) && openRef.current !== id) return;
    void call('conversations', 'get', { conversationID: id }, { silent: true })
      .then((c) => {
        putConversation(c);
        // This answer may predate a read of the open chat (the tip of this change): read again.
        if (openRef.current === id && !document.hidden) markRead(id);
      })
      .catch(() => {});
  });
}
