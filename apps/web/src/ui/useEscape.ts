import { useEffect, useRef } from 'react';

/**
 * Calls `onEscape` when Escape is pressed anywhere, while `active`: for non-modal panels (a side
 * column, an overlay panel) that Radix does not manage. A dialog or menu open above the panel gets
 * the key first: an Escape it handled (default prevented) or pressed inside one is left to it.
 */
export function useEscape(onEscape: () => void, active = true): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('[role="dialog"][aria-modal="true"], [role="menu"], [role="listbox"]')) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return;
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}
