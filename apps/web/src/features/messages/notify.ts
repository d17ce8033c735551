import type { Message } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { notificationPermission } from '../friends';

/**
 * A browser notification for an incoming message while the tab is hidden (previews off: the text
 * is not shown, only who wrote). Clicking it focuses the tab.
 */
export function notifyMessage(m: Message): boolean {
  if (notificationPermission() !== 'granted' || typeof document === 'undefined' || !document.hidden)
    return false;
  try {
    const n = new Notification(m.nick || m.from, {
      body: i18n.t('messages:notify.body'),
      icon: m.avatar || undefined,
      tag: `msg-${m.conversationID}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch (e) {
    console.info('Notification failed', e);
    return false;
  }
}
