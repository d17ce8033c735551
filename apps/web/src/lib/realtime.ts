import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerEventMap } from '@parley/protocol';
import { toast } from '../ui/toast-store';
import { endSession } from './http';
import i18n from './i18n';
import { markSocket } from './outage';
import { queryClient } from './query';
import { SocketClient, type EventName, type SocketStatus } from './socket';

/** The tab's socket. The app layout connects it after login and disconnects it on logout. */
export const socket = new SocketClient({
  onSessionEnded(text) {
    // -1 / -2 carry the reason; a plain close (logout elsewhere, expiry) does not.
    const message = text || i18n.t('common:session.ended');
    toast.error(message);
    endSession(message);
  },
  onMissed() {
    // Pushes were missed (a later hello sequence, another epoch, a gap): refetch what is on screen.
    // Conversations and messages are left to message.sync, which hello's version starts (one frame
    // instead of every page of the list).
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'messages' });
  },
});

socket.onStatus((s) => markSocket(s === 'down'));

/** Typed subscription that follows the latest handler and unsubscribes on unmount. */
export function useSocketEvent<K extends EventName>(
  type: K,
  handler: (data: ServerEventMap[K]) => void,
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => socket.on(type, (data) => ref.current(data)), [type]);
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (cb) => socket.onStatus(cb),
    () => socket.status,
    () => 'idle',
  );
}
