import { useEffect } from 'react';
import type { Conversation } from '@parley/protocol';
import { conversationOps } from '../conversations';
import { isMarkedUnread } from '../types';

/**
 * Opening a conversation marked unread takes the mark off (on every device: the server announces
 * the change). Reading a one-to-one chat does it on the server too; groups need the call.
 */
export function useClearUnreadMark(conversationID: string, c: Conversation | undefined): void {
  const marked = !!c && isMarkedUnread(c);
  useEffect(() => {
    if (marked) void conversationOps.markUnread(conversationID, false).catch(() => {});
  }, [conversationID, marked]);
}
