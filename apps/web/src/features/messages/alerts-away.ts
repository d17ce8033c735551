import type { Message } from '@parley/protocol';
import { call } from '../../lib/api';
import i18n from '../../lib/i18n';
import { useSocketEvent } from '../../lib/realtime';
import { countingScreenMounted } from '../../lib/useCounters';
import { getConversation } from './conversations';
import { asReader } from './group/logic';
import { alertMessage } from './notify';
import { abstractOf } from './types';
import { isNotice } from './notices';

/** Whether the conversation is muted: from the list when it is held, else asked once per message. */
async function isMuted(conversationID: string): Promise<boolean> {
  const held = getConversation(conversationID);
  if (held) return held.isMuted;
  try {
    return (await call('conversations', 'get', { conversationID }, { silent: true })).isMuted;
  } catch {
    return true;
  }
}

/**
 * The sound and the browser notification of a new message wherever the user is in the app
 * (contacts, moments, settings...), as the settings say (notify.ts). The messages screen alerts
 * for its own messages (hooks.ts) while it is mounted; this covers every other screen.
 */
export function useMessageAlertsAway(me: string): void {
  useSocketEvent('message.new', (frame) => {
    if (countingScreenMounted() || !me) return;
    const m: Message = asReader(frame, me);
    if (m.flow !== 'in' || isNotice(m) || m.type === 'groupTip' || m.isRevoked) return;
    // The notification's text without a preview is the messages screen's, maybe not loaded yet.
    void Promise.all([isMuted(m.conversationID), i18n.loadNamespaces('messages')]).then(([muted]) => {
      if (!muted) alertMessage(m, false, abstractOf(m));
    });
  });
}
