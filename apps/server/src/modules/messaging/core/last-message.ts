import type { Conversation } from '@parley/protocol';
import type { MessageRow } from './message.repo.js';

const parse = (json: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** A conversation's last message as its list row shows it (one-to-one and group rows). */
export function toLastMessage(
  last: MessageRow,
  sender: { wt_id: string; nick_name: string } | undefined,
): NonNullable<Conversation['lastMessage']> {
  return {
    messageID: last.msg_id,
    type: last.type,
    payload: last.revoked === 1 ? {} : (parse(last.payload) ?? {}),
    lastTime: Math.floor(last.created_at / 1000),
    lastSequence: last.seq,
    isRevoked: last.revoked === 1,
    fromAccount: sender?.wt_id ?? '',
    fromNick: sender?.nick_name ?? '',
    revoker: last.revoker,
  };
}
