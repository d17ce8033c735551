import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Places the caret of a controlled text box after a change the code made (an emoji, an @-mention):
 * `place(value, pos)` next to `setText(value)`, and once React has put `value` into the box the
 * caret goes to `pos`, in the same commit. Waiting for the next animation frame was too late: a key
 * typed in between landed at the end of the new text and the frame then moved the caret back in
 * front of it, so "周六" came out as "六周" (docs/web.md, "Composer").
 */
export function usePendingCaret(
  box: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
): (value: string, pos: number) => void {
  const pending = useRef<{ value: string; pos: number } | null>(null);
  useLayoutEffect(() => {
    const p = pending.current;
    const el = box.current;
    if (!p) return;
    pending.current = null;
    // Only for the value it was asked for: text typed over it in the same commit keeps its caret.
    if (!el || el.value !== p.value) return;
    if (document.activeElement !== el) el.focus();
    el.setSelectionRange(p.pos, p.pos);
  });
  return useCallback((value: string, pos: number) => {
    pending.current = { value, pos };
  }, []);
}
