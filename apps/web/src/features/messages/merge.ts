import type { MessageCan } from '@parley/protocol';
import type { ChatMessage, Message, OutgoingMessage } from './types';

/**
 * Pure list operations of the chat window. A conversation's messages are kept oldest first:
 * stored ones by sequence, own ones not yet stored (sending or failed) after them by writing time.
 */
const sent = (m: ChatMessage) => m.status === 'success';

export function orderMessages(list: ChatMessage[]): ChatMessage[] {
  return list.sort((a, b) => {
    if (sent(a) && sent(b)) return a.sequence - b.sequence;
    if (sent(a) !== sent(b)) return sent(a) ? -1 : 1;
    return a.timeMs - b.timeMs;
  });
}

/**
 * Merges messages into a list: the same ID replaces the old copy, and a stored own message replaces
 * its pending copy (same clientMsgId), so an ack and a `message.new` (a copy that reached this tab
 * anyway, e.g. a REST send) never show it twice.
 * Deleted messages (for this user) leave the list. Copies can arrive out of order (a history page read
 * before a revoke lands after the revoke's push), so what only ever moves one way is kept: a revoked
 * copy is not replaced by an unrevoked one, read stays read, and an ID in `deleted` (this user's
 * deletes, remembered by the caller) does not come back.
 */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly Message[],
  deleted?: Set<string>,
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  const byClient = new Map<string, string>();
  for (const m of list) {
    byId.set(m.ID, m);
    if (m.clientMsgId) byClient.set(m.clientMsgId, m.ID);
  }
  for (const raw of incoming) {
    if (raw.isDeleted) deleted?.add(raw.ID);
    const held = byId.get(raw.ID);
    const m: ChatMessage = held ? latestFacts(held, raw) : { ...raw, status: 'success' };
    const pendingId = m.clientMsgId ? byClient.get(m.clientMsgId) : undefined;
    if (pendingId && pendingId !== m.ID) byId.delete(pendingId);
    if (m.isDeleted || deleted?.has(m.ID)) byId.delete(m.ID);
    else byId.set(m.ID, m);
    if (m.clientMsgId) byClient.set(m.clientMsgId, m.ID);
  }
  return orderMessages([...byId.values()]);
}

/** `incoming` as it replaces `held` (same ID), keeping the facts that never go back. */
function latestFacts(held: ChatMessage, incoming: Message): ChatMessage {
  const base: ChatMessage =
    held.isRevoked && !incoming.isRevoked
      ? { ...held, status: 'success' }
      : { ...incoming, status: 'success' };
  if (!held.isPeerRead || base.isPeerRead) return base;
  return {
    ...base,
    isPeerRead: true,
    readReceiptInfo: { ...base.readReceiptInfo, isPeerRead: true },
  };
}

/** What an own message not stored yet offers: nothing until the server answers its flags. */
export const PENDING_CAN: MessageCan = {
  revoke: false,
  revokeUntil: 0,
  reedit: false,
  pin: false,
  delete: false,
  forward: false,
  react: false,
};

/** An own message not stored yet, shown with a spinner (`unSend`) until the ack. */
export function pendingMessage(
  out: OutgoingMessage,
  me: { wtId: string; nick: string; avatar: string },
): ChatMessage {
  return {
    ID: `local-${out.clientMsgId}`,
    clientMsgId: out.clientMsgId,
    type: out.type,
    flow: 'out',
    status: 'unSend',
    time: Math.floor(out.createdAt / 1000),
    timeMs: out.createdAt,
    from: me.wtId,
    nick: me.nick,
    avatar: me.avatar,
    to: out.conversationID.replace(/^(C2C|GROUP)/, ''),
    conversationID: out.conversationID,
    conversationType: out.conversationID.startsWith('GROUP') ? 'GROUP' : 'C2C',
    payload: out.payload,
    sequence: 0,
    isRevoked: false,
    revoker: '',
    isDeleted: false,
    hasRiskContent: false,
    needReadReceipt: false,
    isPeerRead: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
    atUserList: out.atUserList ?? [],
    cloudCustomData: out.cloudCustomData?.messageReply
      ? { messageReply: out.cloudCustomData.messageReply }
      : null,
    can: PENDING_CAN,
  };
}

export function setStatus(
  list: readonly ChatMessage[],
  clientMsgId: string,
  status: ChatMessage['status'],
): ChatMessage[] {
  return list.map((m) => (m.clientMsgId === clientMsgId && m.status !== 'success' ? { ...m, status } : m));
}

/** Own stored messages up to the peer's read cursor read as 已读. */
export function markPeerRead(list: readonly ChatMessage[], seq: number): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    if (m.flow !== 'out' || m.status !== 'success' || m.isPeerRead || m.sequence > seq) return m;
    changed = true;
    return { ...m, isPeerRead: true };
  });
  return changed ? next : (list as ChatMessage[]);
}

/**
 * Whether the reader may revoke their own message at `nowMs`: the server's `can.revoke` (its
 * sender's) until its `can.revokeUntil`. A manager's revoke of others' messages comes from the
 * sender's member flags (group/useGroupChat.tsx).
 */
export function canRevoke(m: ChatMessage, nowMs: number): boolean {
  return m.flow === 'out' && m.status === 'success' && m.can.revoke && nowMs <= m.can.revokeUntil;
}

/** 重新编辑 on an own revoked text: the server's `can.reedit`, and the local copy kept before the revoke. */
export function canReedit(m: ChatMessage, originals: ReadonlyMap<string, string>): boolean {
  return m.flow === 'out' && m.can.reedit && originals.has(m.ID);
}

/**
 * The menu is offered on stored, visible messages only: never on revoked or risky ones. System lines
 * (notices, group tips) have no menu to open; a custom card drawn as a bubble (name card, note, call
 * card…) has one like any message, its items following the message's `can`.
 */
export function hasMenu(m: ChatMessage): boolean {
  return !m.isRevoked && !m.hasRiskContent;
}
