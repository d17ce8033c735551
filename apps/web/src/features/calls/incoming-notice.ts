import type { CallInfo } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { notificationPermission } from '../friends';

/** A browser notification for an invitation while the tab is hidden; clicking it focuses the tab. */
export function notifyIncoming(call: CallInfo): void {
  if (notificationPermission() !== 'granted' || typeof document === 'undefined' || !document.hidden) return;
  try {
    const n = new Notification(call.caller.nickName || call.caller.wtId, {
      body: i18n.t(call.mediaType === 2 ? 'calls:invitedVideo' : 'calls:invitedVoice'),
      icon: call.caller.avatar || undefined,
      tag: `call-${call.callId}`,
    });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch (e) {
    console.info('Notification failed', e);
  }
}
