import type { Conversation } from '@parley/protocol';
import { hasUnreadMention } from './group/logic';
import { isArchived, shownUnread } from './types';

/** The list tabs (custom tabs come with conversation groups). */
export const TABS = ['all', 'unread', 'atMe', 'c2c', 'group'] as const;
export type Tab = (typeof TABS)[number];

/** Pinned first, then the most recent activity; ties by ID so the order is stable. */
export function compareConversations(a: Conversation, b: Conversation): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  if (a.activityTime !== b.activityTime) return b.activityTime - a.activityTime;
  return a.conversationID < b.conversationID ? -1 : a.conversationID > b.conversationID ? 1 : 0;
}

export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return [...list].sort(compareConversations);
}

/** Unread mentions of me or of everyone (`groupAtInfoList`; group chats only). */
export function mentionsMe(c: Conversation, _me: string): boolean {
  return c.type === 'GROUP' && hasUnreadMention(c);
}

export function inTab(c: Conversation, tab: Tab, me: string): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'unread':
      return shownUnread(c) > 0;
    case 'atMe':
      return mentionsMe(c, me);
    case 'c2c':
      return c.type === 'C2C';
    case 'group':
      return c.type === 'GROUP';
  }
}

/** The rows of the main list (archived ones live behind the '已归档对话' entry) for one tab. */
export function visibleConversations(list: readonly Conversation[], tab: Tab, me: string): Conversation[] {
  return sortConversations(list.filter((c) => !isArchived(c) && inTab(c, tab, me)));
}

export function archivedConversations(list: readonly Conversation[]): Conversation[] {
  return sortConversations(list.filter(isArchived));
}

/**
 * Unread of a set of conversations as the badges count it: muted and archived conversations do
 * not add to the total (like the sidebar's `unread` counter).
 */
export function unreadTotal(list: readonly Conversation[]): number {
  let n = 0;
  for (const c of list) if (!c.isMuted && !isArchived(c)) n += shownUnread(c);
  return n;
}

/** What the '已归档对话' entry shows: the unread of its conversations (all muted: a dot or a count). */
export function archiveUnread(list: readonly Conversation[]): number {
  let n = 0;
  for (const c of list) if (isArchived(c)) n += shownUnread(c);
  return n;
}

/** Unread per tab, for the tab dropdown. */
export function tabUnread(list: readonly Conversation[], me: string): Record<Tab, number> {
  const out = { all: 0, unread: 0, atMe: 0, c2c: 0, group: 0 } as Record<Tab, number>;
  for (const tab of TABS) out[tab] = unreadTotal(list.filter((c) => !isArchived(c) && inTab(c, tab, me)));
  return out;
}

/** Replaces (or adds) one conversation in the list. */
export function upsertConversation(list: readonly Conversation[], next: Conversation): Conversation[] {
  const at = list.findIndex((c) => c.conversationID === next.conversationID);
  if (at < 0) return [...list, next];
  const copy = list.slice();
  copy[at] = next;
  return copy;
}
