import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * Roving focus for a list (docs/web.md "Keyboard"): the list is one Tab stop, ArrowUp/ArrowDown move
 * between its items, Home/End jump to the first/last item in the DOM. Works with virtualized lists:
 * the tab stop is the last focused item while it is rendered, else the first rendered item.
 *
 * `selector` picks the items inside the container; `keyOf` names an item across re-renders (e.g. its
 * data-id). Spread `containerProps` on the element that holds the items. `start: 'last'` makes the
 * last rendered item the Tab stop until one is focused (a chat's newest message);
 * `orientation: 'horizontal'` moves with ArrowLeft/ArrowRight instead (a toolbar).
 */
export function useRovingFocus<T extends HTMLElement>(
  selector: string,
  keyOf: (el: HTMLElement) => string,
  {
    start = 'first',
    orientation = 'vertical',
  }: { start?: 'first' | 'last'; orientation?: 'vertical' | 'horizontal' } = {},
) {
  const ref = useRef<T>(null);
  const current = useRef<string | null>(null);
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const items = useCallback(
    () => Array.from(ref.current?.querySelectorAll<HTMLElement>(selector) ?? []),
    [selector],
  );
  const sync = useCallback(() => {
    const list = items();
    if (!list.length) return;
    const stop =
      list.find((el) => keyRef.current(el) === current.current) ??
      (start === 'last' ? list.at(-1)! : list[0]!);
    for (const el of list) {
      const want = el === stop ? 0 : -1;
      if (el.tabIndex !== want) el.tabIndex = want;
    }
  }, [items, start]);

  // After every render (new rows may have mounted): exactly one item is tabbable.
  useLayoutEffect(() => {
    sync();
  });
  // Rows a virtualizer mounts on scroll render inside children this hook's component may not re-render.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => sync());
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [sync]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const list = items();
      const at = list.findIndex((el) => el.contains(document.activeElement));
      if (at < 0) return;
      const [back, forward] =
        orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
      const next =
        e.key === forward
          ? Math.min(at + 1, list.length - 1)
          : e.key === back
            ? Math.max(at - 1, 0)
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? list.length - 1
                : null;
      if (next === null) return;
      e.preventDefault();
      const target = list[next]!;
      current.current = keyRef.current(target);
      sync();
      target.focus();
      target.scrollIntoView?.({ block: 'nearest' });
    },
    [items, sync, orientation],
  );

  const onFocus = useCallback(
    (e: FocusEvent) => {
      const item = (e.target as HTMLElement).closest<HTMLElement>(selector);
      if (!item || !ref.current?.contains(item)) return;
      current.current = keyRef.current(item);
      sync();
    },
    [selector, sync],
  );

  return { ref, containerProps: { onKeyDown, onFocus } };
}
