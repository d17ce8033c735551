import { useEffect } from 'react';
import type { ReactionSummary } from '@parley/protocol';
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

/** Message objects whose `reactionList` is in the store already (a newer copy of a message replaces it). */
const seeded = new WeakSet<object>();

/**
 * Keeps the reactions of a conversation's loaded messages: each message object from history, sync
 * or an update brings its `reactionList`; live changes come from `message.reaction`.
 */
export function useConversationReactions(
  conversationID: string,
  messages: readonly { ID: string; reactionList?: ReactionSummary[] }[],
) {
  const me = useSession((s) => s.user?.wtId ?? '');
  useSocketEvent('message.reaction', (c) => useReactions.getState().apply(c, me));
  useEffect(() => {
    const fresh = messages.filter((m) => m.reactionList !== undefined && !seeded.has(m));
    if (fresh.length === 0) return;
    for (const m of fresh) seeded.add(m);
    useReactions.getState().putMany(
      conversationID,
      fresh.map((m) => ({ messageID: m.ID, reactionList: m.reactionList ?? [] })),
    );
  }, [conversationID, messages]);
}
