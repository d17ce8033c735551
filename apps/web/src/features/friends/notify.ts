import type { FriendApplication } from '@parley/protocol';
import { notifyPrefs } from '../../lib/user-config';

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notificationPermission(): NotifyPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Asks for permission (from a user gesture). Browsers without notifications are only logged. */
export async function requestNotificationPermission(): Promise<NotifyPermission> {
  if (notificationPermission() === 'unsupported') {
    console.info('This browser has no notifications');
    return 'unsupported';
  }
  try {
    return await Notification.requestPermission();
  } catch (e) {
    console.info('Notification permission request failed', e);
    return notificationPermission();
  }
}

/**
 * A browser notification for a new friend application, only when the tab is hidden, the user
 * granted permission and keeps notifications on (settings). Clicking it focuses the tab and calls `onClick`. Returns whether it showed.
 */
export function notifyApplication(
  app: FriendApplication,
  text: { title: string; body: string },
  onClick?: () => void,
): boolean {
  if (
    notificationPermission() !== 'granted' ||
    typeof document === 'undefined' ||
    !document.hidden ||
    !notifyPrefs().enabled
  )
    return false;
  try {
    const n = new Notification(text.title, {
      body: text.body,
      icon: app.avatar || undefined,
      tag: `friend-apply-${app.userID}`,
    });
    n.onclick = () => {
      window.focus();
      onClick?.();
      n.close();
    };
    return true;
  } catch (e) {
    console.info('Notification failed', e);
    return false;
  }
}
