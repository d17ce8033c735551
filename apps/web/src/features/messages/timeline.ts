import { Chat } from '@parley/protocol';
import type { ChatMessage } from './types';

export type Row =
  { kind: 'time'; key: string; time: number } | { kind: 'message'; key: string; message: ChatMessage };

/**
 * The chat window's rows: a time separator before a message when there is no previous message or
 * the gap to the previous one is at least 600 s.
 */
export function buildRows(messages: readonly ChatMessage[]): Row[] {
  const rows: Row[] = [];
  let prev: ChatMessage | undefined;
  for (const m of messages) {
    if (!prev || m.time - prev.time >= Chat.timeGapSeconds)
      rows.push({ kind: 'time', key: `t-${m.clientMsgId || m.ID}`, time: m.time });
    rows.push({ kind: 'message', key: m.clientMsgId || m.ID, message: m });
    prev = m;
  }
  return rows;
}

/** Messages that count for the scroll-to-latest counter: not deleted, not revoked. */
export const countsAsNew = (m: ChatMessage) => !m.isDeleted && !m.isRevoked;
