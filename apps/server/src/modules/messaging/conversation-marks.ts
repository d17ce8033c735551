import type { Updateable } from 'kysely';
import { ConversationMark } from '@parley/protocol';
import type { ConversationMembersTable } from '../../db/schema.js';

/**
 * The caller's marks on a conversation, kept in the member row's `marks` bits:
 * - `ConversationMark.unread` (2): 'mark as unread', shown as a dot until the conversation is read
 *   or the mark is taken off;
 * - `ConversationMark.archived` (4): folded into 已归档对话; folding mutes;
 * - `MUTED_BEFORE_FOLD` (256, never listed): the conversation was muted when it was folded, so
 *   moving it out gives it back the mute state it had.
 */
export const MUTED_BEFORE_FOLD = 256;
const { archived: ARCHIVED, unread: UNREAD } = ConversationMark;

type Member = { muted: number; marks: number };
type Patch = Updateable<ConversationMembersTable> | null;

/** The marks a client sees (`markList`). */
export function markListOf(marks: number): number[] {
  return [UNREAD, ARCHIVED].filter((bit) => (marks & bit) !== 0);
}

/** Folding mutes and remembers the mute state before; unfolding restores it. */
export function foldPatch(m: Member, enable: boolean): Patch {
  const folded = (m.marks & ARCHIVED) !== 0;
  if (enable) {
    if (folded && m.muted === 1) return null;
    const before = folded ? m.marks & MUTED_BEFORE_FOLD : m.muted === 1 ? MUTED_BEFORE_FOLD : 0;
    return { marks: (m.marks & ~MUTED_BEFORE_FOLD) | ARCHIVED | before, muted: 1 };
  }
  if (!folded) return null;
  return {
    marks: m.marks & ~ARCHIVED & ~MUTED_BEFORE_FOLD,
    muted: (m.marks & MUTED_BEFORE_FOLD) !== 0 ? 1 : 0,
  };
}

/** Muting or unmuting by hand takes the conversation out of the archive (the user chose its state). */
export function mutePatch(m: Member, isMuted: boolean): Patch {
  return (m.muted === 1) === isMuted && (m.marks & ARCHIVED) === 0
    ? null
    : { muted: isMuted ? 1 : 0, marks: m.marks & ~ARCHIVED & ~MUTED_BEFORE_FOLD };
}

/** 'Mark as unread' on or off. */
export function unreadPatch(m: Member, enable: boolean): Patch {
  if (((m.marks & UNREAD) !== 0) === enable) return null;
  return { marks: enable ? m.marks | UNREAD : m.marks & ~UNREAD };
}

/** Reading the conversation takes 'mark as unread' off (`null` when it was not on). */
export function readClearsUnread(m: Member): Patch {
  return (m.marks & UNREAD) !== 0 ? { marks: m.marks & ~UNREAD } : null;
}
