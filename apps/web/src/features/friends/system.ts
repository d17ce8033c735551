import { ConversationType } from '@parley/protocol';
import { paths } from '../../lib/paths';

/**
 * Senders whose avatar opens nothing: the IM system and administrator accounts and the
 * special 'yx' accounts (conversation ids starting C2Cyx).
 */
export function isSystemSender(id: string | null | undefined): boolean {
  if (!id) return true;
  const lower = id.toLowerCase();
  return (
    lower === 'administrator' || lower === 'system' || lower.startsWith('@tim#') || lower.startsWith('yx')
  );
}

/** The one-to-one conversation with a user (C2C + the other's wtId; docs/api.md). */
export const c2cConversationId = (wtId: string) => `${ConversationType.c2c}${wtId}`;

/** Where 发消息 goes: the messages screen opened on the conversation (the chat window comes later). */
export const chatPath = (wtId: string) =>
  `${paths.messages}?conversationID=${encodeURIComponent(c2cConversationId(wtId))}`;

/** Voice/video call entries: the messages screen with a call request (the call engine comes later). */
export const callPath = (wtId: string, type: 'audio' | 'video') => `${chatPath(wtId)}&call=${type}`;
