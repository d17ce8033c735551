import type { Message } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { appendMessage } from './message.store.js';

/** A message the server writes on a user's behalf or an official account's (not a client send). */
export interface ServiceMessage {
  fromId: number;
  toId: number;
  type: 'text' | 'custom';
  payload: Record<string, unknown>;
  searchText: string;
  /** true: the receiver's read cursor moves past it when nothing else is unread (no badge). */
  notice: boolean;
  clientMsgId: string;
  now: number;
}

/**
 * The seam other modules (the official helper) write one-to-one messages through, inside their
 * own unit of work: the message, both members' rows and sync versions and the `message.new`
 * pushes, exactly as a send stores them, without the send path's client checks.
 * Answers each side's view of the message by user id.
 */
export async function storeServiceMessage(uow: UnitOfWork, m: ServiceMessage): Promise<Map<number, Message>> {
  const { views } = await appendMessage(uow, {
    senderId: m.fromId,
    peerId: m.toId,
    clientMsgId: m.clientMsgId,
    type: m.type,
    payload: m.payload,
    cloudCustomData: null,
    needReadReceipt: false,
    searchText: m.searchText,
    visibleTo: null,
    notice: m.notice,
    now: m.now,
  });
  return views;
}
