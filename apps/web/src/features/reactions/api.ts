import { useEffect } from 'react';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { useReactions } from './store';

/** The emoji offered by the message menu's 回应 entry. */
export const QUICK_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🎉', '👏', '🙏'] as const;

/** Adds or removes my `emoji` on a message; the answer replaces the message's list. */
export async function toggleReaction(conversationID: string, messageID: string, emoji: string, on: boolean) {
  const res = await call('reactions', on ? 'add' : 'remove', { messageID, emoji });
  useReactions.getState().put(conversationID, res.messageID, res.reactionList);
}

/**
 * Keeps the reactions of a conversation's loaded messages: fetched for the newest 100 when the list
 * changes, then live from `message.reaction`.
 */
export function useConversationReactions(conversationID: string, messageIDs: readonly string[]) {
  const me = useSession((s) => s.user?.wtId ?? '');
  useSocketEvent('message.reaction', (c) => useReactions.getState().apply(c, me));
  const key = messageIDs.slice(-100).join(',');
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    if (ids.length === 0) return;
    let live = true;
    void call('reactions', 'list', { conversationID, messageIDs: ids }, { silent: true })
      .then((res) => live && useReactions.getState().putMany(conversationID, res.list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [conversationID, key]);
}
