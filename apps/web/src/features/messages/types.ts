import type { Conversation, Message } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { messageLabel } from './notices';

/** A message as the chat window holds it: the server's, or an own one still sending / failed. */
export type ChatMessage = Omit<Message, 'status'> & {
  status: 'success' | 'unSend' | 'fail';
};

/** What an own message is sent as (the `message.send` frame body); kept in the outbox until acked. */
export interface OutgoingMessage {
  conversationID: string;
  clientMsgId: string;
  /** `text`, or a rich type (image, video, sound, file, face, location, merger, custom). */
  type: 'text' | 'image' | 'video' | 'sound' | 'file' | 'face' | 'location' | 'merger' | 'custom';
  payload: Record<string, unknown>;
  cloudCustomData?: { messageReply?: NonNullable<Message['cloudCustomData']>['messageReply'] };
  /** Groups: mentioned members' wtIds (or AT_ALL). */
  atUserList?: string[];
  /** Groups: ask for read receipts (set by `deliver` for group conversations). */
  needReadReceipt?: boolean;
  /** Unix ms when it was written (its place in the list until the server numbers it). */
  createdAt: number;
  /** The writer (the outbox is per user). */
  ownerID: string;
}

export type { Conversation, Message };

/** Archived (folded) conversations carry mark 4. */
export const ARCHIVED_MARK = 4;
export const isArchived = (c: Pick<Conversation, 'markList'>) => c.markList.includes(ARCHIVED_MARK);
/** 'Mark as unread' (mark 2): shown as one unread until the conversation is opened. */
export const UNREAD_MARK = 2;
export const isMarkedUnread = (c: Pick<Conversation, 'markList'>) => c.markList.includes(UNREAD_MARK);
/** The unread a row and the tabs show: the count, or 1 for a conversation marked unread. */
export const shownUnread = (c: Pick<Conversation, 'markList' | 'unreadCount'>) =>
  Math.max(0, c.unreadCount, isMarkedUnread(c) ? 1 : 0);

/** The name shown for a conversation: the remark (custom data first), then the nickname or group name, then the ID. */
export function conversationName(c: Conversation): string {
  const custom = remarkOfCustomData(c.customData);
  if (custom) return custom;
  if (c.remark) return c.remark;
  if (c.userProfile?.nick) return c.userProfile.nick;
  const group = (c as { groupProfile?: { name?: string } | null }).groupProfile;
  if (group?.name) return group.name;
  return c.conversationID.replace(/^(C2C|GROUP)/, '');
}

export function remarkOfCustomData(data: string): string {
  if (!data) return '';
  try {
    const parsed = JSON.parse(data) as { remark?: unknown };
    return typeof parsed.remark === 'string' ? parsed.remark : '';
  } catch {
    return '';
  }
}

/** The peer's wtId of a one-to-one conversation. */
export const peerOf = (conversationID: string) => conversationID.replace(/^C2C/, '');

/** A one-line text of a message for quotes and the list (types other than text in brackets). */
export function abstractOf(m: Pick<Message, 'type' | 'payload'>): string {
  return messageLabel(m, (key, options) => i18n.t(key, options ?? {}));
}
