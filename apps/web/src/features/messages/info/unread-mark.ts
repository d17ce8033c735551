import { useEffect, useRef } from 'react';
import type { Conversation } from '@parley/protocol';
import { conversationOps } from '../conversations';
import { isMarkedUnread } from '../types';

/**
 * Opening a conversation marked unread takes the mark off (on every device: the server announces
 * the change). Only on opening: marking the open chat unread from the list keeps the mark until
 * the chat is opened again. Reading a one-to-one chat also clears it on the server; groups need
 * the call.
 */
export function useClearUnreadMark(conversationID: string, c: Conversation | undefined): void {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !c) return;
    opened.current = true;
    if (isMarkedUnread(c)) void conversationOps.markUnread(conversationID, false).catch(() => {});
  }, [conversationID, c]);
}
