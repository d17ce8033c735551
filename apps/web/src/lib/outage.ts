import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the tab last saw it (docs/web.md "Outages"): a call that
 * got no answer (the fetch failed, or a 5xx without an envelope from a proxy in front) or a socket
 * that cannot connect mark it unreachable; any answer from the server, or the socket opening,
 * clears it. While it is unreachable the banner says so and error toasts are held back.
 */
let httpDown = false;
let socketDown = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function markHttp(reachable: boolean): void {
  if (httpDown === !reachable) return;
  httpDown = !reachable;
  emit();
}

export function markSocket(down: boolean): void {
  // The socket opening is an answer from the server: calls made meanwhile may be retried.
  if (!down) httpDown = false;
  if (socketDown === down && (down || !httpDown)) return;
  socketDown = down;
  emit();
}

/** The browser says it has no network. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export type Outage = 'offline' | 'server' | null;

/** What the banner shows: the user's network when the browser is offline, else the server. */
export function currentOutage(): Outage {
  if (browserOffline()) return 'offline';
  return httpDown || socketDown ? 'server' : null;
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    listeners.delete(cb);
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOutage(): Outage {
  return useSyncExternalStore(subscribe, currentOutage, () => null);
}
