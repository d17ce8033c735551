import type { Message } from '@parley/protocol';
import { PAGE } from './paging';
import type { ChatMessage } from './types';

/**
 * The held messages of a chat are one contiguous window of its history (docs/decisions/046): at
 * most this many stored messages; a page that grows it past that drops the far end.
 */
export const WINDOW_MAX = 4 * PAGE;

export interface ConversationMessages {
  messages: ChatMessage[];
  /** No older history on the server. */
  isCompleted: boolean;
  /** Where the list came from so far: the device cache, or the server. */
  source: 'cache' | 'server';
  /**
   * The held messages are a contiguous window reaching the newest one (docs/decisions/046). When
   * false (a search hit's window, or newer pages trimmed away), newer messages are not appended.
   */
  reachesNewest: boolean;
  /** Messages that arrived while the window did not reach the newest (the jump-to-newest count). */
  missed: number;
}

const stored = (m: ChatMessage) => m.status === 'success';

/** The window's last stored sequence (0: none). */
export function windowEnd(list: readonly ChatMessage[]): number {
  let max = 0;
  for (const m of list) if (stored(m) && m.sequence > max) max = m.sequence;
  return max;
}

/**
 * Of `incoming`, what belongs in the window: all of it when the window reaches the newest, else
 * what falls inside it (a change to a held message). `past` counts the others that are new to
 * the reader (from the other side, not revoked or deleted): the jump-to-newest button's number.
 */
export function withinWindow(
  cur: ConversationMessages,
  incoming: readonly Message[],
): { kept: readonly Message[]; past: number } {
  if (cur.reachesNewest) return { kept: incoming, past: 0 };
  const end = windowEnd(cur.messages);
  const kept = incoming.filter((m) => m.sequence <= end);
  const past = incoming.filter((m) => m.sequence > end && m.flow === 'in' && !m.isRevoked && !m.isDeleted);
  return { kept, past: past.length };
}

/** After an older page: beyond `WINDOW_MAX` the newest stored messages go (the window stops short). */
export function trimNewest(c: ConversationMessages): ConversationMessages {
  const count = c.messages.filter(stored).length;
  if (count <= WINDOW_MAX) return c;
  let drop = count - WINDOW_MAX;
  const kept: ChatMessage[] = [];
  for (let i = c.messages.length - 1; i >= 0; i--) {
    const m = c.messages[i]!;
    if (stored(m) && drop > 0) drop -= 1;
    else kept.push(m);
  }
  return { ...c, messages: kept.reverse(), reachesNewest: false };
}

/** After a newer page: beyond `WINDOW_MAX` the oldest stored messages go (older ones are left to load). */
export function trimOldest(c: ConversationMessages): ConversationMessages {
  const count = c.messages.filter(stored).length;
  if (count <= WINDOW_MAX) return c;
  let drop = count - WINDOW_MAX;
  const messages = c.messages.filter((m) => !(stored(m) && drop-- > 0));
  return { ...c, messages, isCompleted: false };
}
