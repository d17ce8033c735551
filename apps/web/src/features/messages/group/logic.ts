import { AT_ALL, type Conversation, type Message } from '@parley/protocol';

/**
 * Pure rules of group chat on the web (docs/web.md "Group chat"): names, mentions, composer
 * states, read-receipt states, local admin revokes and sequence gaps. Unit-tested beside.
 */

/** The literal that mentions everyone (`atUserList`), from the protocol. */
export { AT_ALL };

export interface GroupProfile {
  groupID: string;
  name: string;
  avatar: string;
}
export interface AtInfo {
  messageID: string;
  sequence: number;
  /** 1 @me, 2 @all, 3 @all and @me. */
  atType: number;
}
/** A conversation with its group fields (absent on one-to-one conversations). */
export type GroupConversation = Conversation & {
  groupProfile?: GroupProfile | null;
  groupAtInfoList?: AtInfo[];
  /** 0 member, 4 removed by an admin, 5 dissolved, 8 quit. */
  state?: number;
};
/** A message with the group fields of the contract. */
export type GroupMessage = Message & { nameCard?: string; groupVersion?: number };

export const isGroupID = (conversationID: string) => conversationID.startsWith('GROUP');
export const groupNumberOf = (conversationID: string) => conversationID.replace(/^GROUP/, '');
export const groupConversationID = (groupNumber: string) => `GROUP${groupNumber}`;

/**
 * Group topic frames are the same for every reader (`flow: 'in'`): the reader's flow comes from
 * the sender. One-to-one messages are already as the reader sees them.
 */
export function asReader<M extends Pick<Message, 'from' | 'flow' | 'conversationID'>>(m: M, me: string): M {
  if (!isGroupID(m.conversationID) || !me) return m;
  const flow = m.from === me ? 'out' : 'in';
  return m.flow === flow ? m : { ...m, flow };
}

/** The atType of a message for me: 1 @me, 2 @all, 3 both; 0 when it mentions neither. */
export function atTypeFor(atUserList: readonly string[], me: string): 0 | 1 | 2 | 3 {
  const mine = atUserList.includes(me);
  const all = atUserList.includes(AT_ALL);
  return mine && all ? 3 : mine ? 1 : all ? 2 : 0;
}

/** Which mention prefix a list row shows: '[有人@我]' wins over '[@所有人]'. */
export function atPrefix(c: GroupConversation): 'atMe' | 'atAll' | null {
  const list = c.groupAtInfoList ?? [];
  if (!list.length) return null;
  if (list.some((a) => a.atType === 1 || a.atType === 3)) return 'atMe';
  return list.some((a) => a.atType === 2) ? 'atAll' : null;
}

/** The @我 tab: group conversations with unread mentions. */
export const hasUnreadMention = (c: GroupConversation) => atPrefix(c) !== null;

/** Another member's name in a bubble: my friend remark, then the group nickname, then the nickname. */
export function memberName(p: { remark?: string; nameCard?: string; nick?: string; userID: string }): string {
  return p.remark || p.nameCard || p.nick || p.userID;
}

export interface MentionMember {
  userID: string;
  nick: string;
  nameCard?: string;
  avatar?: string;
}

/**
 * The @-list: members whose nick (or group nickname) or userID starts with `query`, ignoring case;
 * never myself. '所有人' comes first for owners and admins when it matches too.
 */
export function mentionCandidates<M extends MentionMember>(
  members: readonly M[],
  query: string,
  me: string,
  canAtAll: boolean,
  allLabels: readonly string[],
  /** Pinyin as contact search matches it (the names' syllables), once its dictionary is loaded. */
  pinyin?: (name: string | undefined, query: string) => boolean,
): Array<M | typeof AT_ALL> {
  const q = query.toLowerCase();
  const starts = (s: string | undefined) => !!s && s.toLowerCase().startsWith(q);
  const spelled = (s: string | undefined) => !!q && !!pinyin && pinyin(s, q);
  const hits = members.filter(
    (m) =>
      m.userID !== me &&
      (starts(m.nick) || starts(m.nameCard) || starts(m.userID) || spelled(m.nick) || spelled(m.nameCard)),
  );
  const all = canAtAll && (q === '' || allLabels.some((l) => starts(l)));
  return all ? [AT_ALL, ...hits] : hits;
}

/** The '@…' being typed right before the caret, or null. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query) || query.length > 32) return null;
  return { start: at, query };
}

/** Puts '@name ' in place of the typed '@query'; returns the new text and caret. */
export function applyMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const insert = `@${name} `;
  return { text: text.slice(0, start) + insert + text.slice(caret), caret: start + insert.length };
}

/** The mentions picked while writing that are still in the text, once each. */
export function atUserListFor(
  text: string,
  picked: ReadonlyArray<{ userID: string; name: string }>,
): string[] {
  const out: string[] = [];
  for (const p of picked) if (text.includes(`@${p.name}`) && !out.includes(p.userID)) out.push(p.userID);
  return out;
}

export type ComposerBlock = 'removed' | 'dissolved' | 'quit' | 'muted' | 'mutedAll';

/**
 * What replaces the composer: the conversation state (4 removed, 5 dissolved, 8 or any other
 * above 0: quit), else a mute of my own (muteUntil in the future) or mute-all for ordinary members.
 */
export function composerBlock(
  state: number | undefined,
  self: { identity: number; muteUntil: number } | undefined,
  bannedSwitch: number | undefined,
  nowSeconds: number,
): ComposerBlock | null {
  if (state === 4) return 'removed';
  if (state === 5) return 'dissolved';
  if (state && state > 0) return 'quit';
  if (!self) return null;
  if (self.muteUntil > nowSeconds) return 'muted';
  if (bannedSwitch === 1 && self.identity === 1) return 'mutedAll';
  return null;
}

/** The read marker of an own group message that asked for receipts. */
export function readState(
  m: Pick<Message, 'needReadReceipt' | 'readReceiptInfo'>,
): 'none' | 'some' | 'all' | null {
  if (!m.needReadReceipt) return null;
  const { readCount, unreadCount } = m.readReceiptInfo;
  // Nothing counted yet (an ack before the counts): shown as not read until the counts come.
  if (readCount <= 0) return 'none';
  return unreadCount <= 0 ? 'all' : 'some';
}

/**
 * Socket type 7: every message of `wtId` up to `seq` is revoked by an administrator. Returns the
 * changed copies only (empty when nothing changes).
 */
export function revokedByAdmin<
  M extends Pick<Message, 'from' | 'sequence' | 'isRevoked' | 'revoker' | 'can'>,
>(list: readonly M[], wtId: string, seq: number): M[] {
  const out: M[] = [];
  for (const m of list)
    if (m.from === wtId && m.sequence > 0 && m.sequence <= seq && !m.isRevoked)
      out.push({
        ...m,
        isRevoked: true,
        revoker: 'administrator',
        can: {
          ...m.can,
          revoke: false,
          revokeUntil: 0,
          reedit: false,
          pin: false,
          forward: false,
          react: false,
        },
      });
  return out;
}

/**
 * A group message that lands after a gap in what the tab holds: the sequences to fetch (a topic
 * frame has no per-user frame number, so gaps show in the message sequence). Null without a gap,
 * or when nothing is held yet (the history load brings the latest page anyway).
 */
export function sequenceGap(heldLast: number, incoming: number): { from: number; to: number } | null {
  if (heldLast <= 0 || incoming <= heldLast + 1) return null;
  return { from: heldLast + 1, to: incoming - 1 };
}

/** The highest stored sequence held (0 when none). */
export function lastStoredSequence(
  list: ReadonlyArray<Pick<Message, 'sequence'> & { status?: string }>,
): number {
  let max = 0;
  for (const m of list) if ((m.status ?? 'success') === 'success' && m.sequence > max) max = m.sequence;
  return max;
}

/** Own receipt messages up to `seq` whose counts a group read may have changed (latest 100). */
export function receiptsToRefresh(
  list: ReadonlyArray<
    Pick<Message, 'ID' | 'flow' | 'needReadReceipt' | 'sequence' | 'isRevoked' | 'readReceiptInfo'> & {
      status?: string;
    }
  >,
  seq: number,
): string[] {
  const ids = list
    .filter(
      (m) =>
        m.flow === 'out' &&
        (m.status ?? 'success') === 'success' &&
        m.needReadReceipt &&
        !m.isRevoked &&
        m.sequence <= seq &&
        (m.readReceiptInfo.unreadCount > 0 || m.readReceiptInfo.readCount === 0),
    )
    .map((m) => m.ID);
  return ids.slice(-100);
}
