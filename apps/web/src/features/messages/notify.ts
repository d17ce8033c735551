import type { Message } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { playMessageSound } from '../../lib/sounds';
import { notifyPrefs } from '../../lib/user-config';
import { notificationPermission } from '../friends';

/**
 * What an incoming message of an unmuted conversation does beyond the list, as the settings say
 * (docs/web.md "Settings"): with notifications on, a browser notification while the tab is hidden
 * (its text only with previews on, else '你有新消息') and the sound (sound on) unless the message
 * is in front of the reader. Returns whether a notification showed.
 */
export function alertMessage(m: Message, onScreen: boolean, text: string): boolean {
  const prefs = notifyPrefs();
  if (!prefs.enabled) return false;
  if (prefs.sound && !onScreen) playMessageSound();
  return notifyMessage(m, prefs.preview ? text : i18n.t('messages:notify.body'));
}

/** A browser notification for a message while the tab is hidden; clicking it focuses the tab. */
function notifyMessage(m: Message, body: string): boolean {
  if (notificationPermission() !== 'granted' || typeof document === 'undefined' || !document.hidden)
    return false;
  try {
    const n = new Notification(m.nameCard || m.nick || m.from, {
      body,
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
