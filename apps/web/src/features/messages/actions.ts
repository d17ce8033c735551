import { call } from '../../lib/api';
import { toast } from '../../ui/toast-store';
import i18n from '../../lib/i18n';
import { ingest } from './ingest';
import { useChatStore } from './store';
import type { ChatMessage } from './types';

/** Per-message actions of the chat window's menu and the multi-select bar. */
export const messageActions = {
  async copy(m: ChatMessage) {
    const text = typeof m.payload.text === 'string' ? m.payload.text : '';
    try {
      await navigator.clipboard.writeText(text);
      toast.success(i18n.t('messages:copied'));
    } catch {
      toast.error(i18n.t('messages:copyFailed'));
    }
  },
  /** Revoke an own message within the window; 20016 '已过撤回时限' after (shown by the http client). */
  async revoke(m: ChatMessage) {
    const text = typeof m.payload.text === 'string' ? m.payload.text : '';
    if (m.type === 'text') useChatStore.getState().originals.set(m.ID, text);
    const fresh = await call('messages', 'revoke', { messageID: m.ID });
    ingest(m.conversationID, [fresh], { from: 'own' });
  },
  /** Hide messages for me; local-only ones (failed) are just dropped. */
  async remove(conversationID: string, messages: ChatMessage[]) {
    const stored = messages.filter((m) => m.status === 'success').map((m) => m.ID);
    const local = messages.filter((m) => m.status !== 'success').map((m) => m.ID);
    if (stored.length) await call('messages', 'remove', { messageIDs: stored });
    useChatStore.getState().removeLocal(conversationID, [...stored, ...local]);
    toast.success(i18n.t('messages:removed'));
  },
};
