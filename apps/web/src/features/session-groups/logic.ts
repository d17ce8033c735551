import type { Conversation, SessionGroup } from '@parley/protocol';

/** The conversations of a custom tab, from the user's whole list. */
export function inSessionGroup(list: readonly Conversation[], group: SessionGroup): Conversation[] {
  const ids = new Set(group.relationList.map((r) => r.sessionId));
  return list.filter((c) => ids.has(c.conversationID));
}

/** Tabs shown on the list (hideStatus 1), in their order. */
export const shownGroups = (groups: readonly SessionGroup[]) => groups.filter((g) => g.hideStatus === 1);
export const hiddenGroups = (groups: readonly SessionGroup[]) => groups.filter((g) => g.hideStatus === 0);
