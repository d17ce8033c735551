import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to the opener when a dialog closes (docs/web.md "Keyboard and focus"). Dialogs here are
 * opened by state (often from a menu that unmounts as the dialog opens), so Radix has no trigger to
 * return to: we remember the recently focused elements and, on close, focus the newest one that is
 * still in the page (the menu item is gone, its menu button is not).
 */
const recent: HTMLElement[] = [];
const MAX = 10;
let listening = false;

function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'focusin',
    (e) => {
      const el = e.target;
      if (!(el instanceof HTMLElement) || el.closest('[role="dialog"]')) return;
      const at = recent.indexOf(el);
      if (at >= 0) recent.splice(at, 1);
      recent.push(el);
      if (recent.length > MAX) recent.shift();
    },
    true,
  );
}
listen();

export function useReturnFocus(open: boolean) {
  const openers = useRef<HTMLElement[]>([]);
  // Layout effect: runs before the dialog's focus scope moves focus inside.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const list = [...recent];
    if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]'))
      list.push(active);
    openers.current = list;
  }, [open]);

  /** For Radix `onCloseAutoFocus`. */
  return useCallback((event: Event) => {
    const target = [...openers.current].reverse().find((el) => el.isConnected && !el.closest('[inert]'));
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  }, []);
}
