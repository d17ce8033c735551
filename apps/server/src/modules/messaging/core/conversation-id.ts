/** A group conversation's group, as the views name it. */
export interface GroupOf {
  number: string;
  name: string;
  avatar: string;
}

/**
 * A conversation ID as a reader names it, parsed once: `C2C<wtId of the other side>` for a one-to-one
 * chat, `GROUP<group number>` for a group chat (the request schemas accept nothing else).
 */
export type ConversationRef = { kind: 'c2c'; wtId: string } | { kind: 'group'; number: string };

export function parseConversationId(conversationID: string): ConversationRef {
  return conversationID.startsWith('GROUP')
    ? { kind: 'group', number: conversationID.slice('GROUP'.length) }
    : { kind: 'c2c', wtId: conversationID.slice('C2C'.length) };
}

export const groupConversationId = (groupNumber: string) => `GROUP${groupNumber}`;
export const c2cConversationId = (wtId: string) => `C2C${wtId}`;
