import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * Roving focus for a list (docs/web.md "Keyboard and focus"): the list is one Tab stop, ArrowUp/ArrowDown move
 * between its items, Home/End jump to the first/last item in the DOM. Works with virtualized lists:
 * the tab stop is the last focused item while it is rendered, else the first rendered item.
 *
 * `selector` picks the items inside the container; `keyOf` names an item across re-renders (e.g. its
 * data-id). Spread `containerProps` on the element that holds the items. `start: 'last'` makes the
 * last rendered item the Tab stop until one is focused (a chat's newest message);
 * `orientation: 'horizontal'` moves with ArrowLeft/ArrowRight instead (a toolbar).
 *
 * `row` (vertical lists only) names each item's row: a selector of its ancestor that holds the item
 * and its controls (a message's links, quote and reaction buttons). Those controls are no Tab stops
 * either. ArrowRight/ArrowLeft move from the item through its row's
 * controls and back, Escape returns to the item, ArrowUp/ArrowDown go on to the next item.
 */
/** What can take focus inside a row (made no Tab stop when the list has rows). */
const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, audio[controls], video[controls], [role="button"], [tabindex]';
/** Where arrow keys belong to the element itself. */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]';

export function useRovingFocus<T extends HTMLElement>(
  selector: string,
  keyOf: (el: HTMLElement) => string,
  {
    start = 'first',
    orientation = 'vertical',
    row: rowSelector,
  }: { start?: 'first' | 'last'; orientation?: 'vertical' | 'horizontal'; row?: string } = {},
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
    if (!rowSelector) return;
    for (const el of ref.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])
      if (!el.matches(selector) && el.tabIndex !== -1) el.tabIndex = -1;
  }, [items, start, rowSelector, selector]);

  /** The item whose row holds `el` (the item itself or one of its controls). */
  const itemOf = useCallback(
    (el: Element | null): HTMLElement | undefined => {
      const list = items();
      const own = list.find((item) => item.contains(el));
      if (own || !rowSelector || !el) return own;
      const row = el.closest(rowSelector);
      return row ? list.find((item) => row.contains(item)) : undefined;
    },
    [items, rowSelector],
  );

  /** ArrowLeft/ArrowRight/Escape among an item's row controls; true when the key was used. */
  const moveInRow = useCallback(
    (e: KeyboardEvent, item: HTMLElement): boolean => {
      if (!rowSelector || orientation !== 'vertical') return false;
      const active = document.activeElement as HTMLElement | null;
      if (active?.matches(TYPING)) return false;
      const row = item.closest(rowSelector) ?? item;
      const stops = [
        item,
        ...Array.from(row.querySelectorAll<HTMLElement>(CONTROLS)).filter((c) => c !== item),
      ];
      // The control itself first: the bubble contains its own links.
      const exact = stops.findIndex((c) => c === active);
      const at = Math.max(0, exact >= 0 ? exact : stops.findIndex((c) => c.contains(active)));
      const to =
        e.key === 'ArrowRight'
          ? stops[Math.min(at + 1, stops.length - 1)]
          : e.key === 'ArrowLeft'
            ? stops[Math.max(at - 1, 0)]
            : e.key === 'Escape' && at > 0
              ? item
              : undefined;
      if (!to) return false;
      e.preventDefault();
      e.stopPropagation();
      to.focus();
      return true;
    },
    [rowSelector, orientation],
  );

  // After every render (new rows may have mounted): exactly one item is tabbable.
  useLayoutEffect(() => {
    sync();
  });
  // Rows a virtualizer mounts on scroll render inside children this hook's component may not re-render.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => sync());
    // With controls, a control that renders itself again with its own tabIndex is caught too.
    observer.observe(root, {
      childList: true,
      subtree: true,
      ...(rowSelector ? { attributes: true, attributeFilter: ['tabindex'] } : {}),
    });
    return () => observer.disconnect();
  }, [sync, rowSelector]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const list = items();
      const own = itemOf(document.activeElement);
      const at = own ? list.indexOf(own) : -1;
      if (at < 0) return;
      if (moveInRow(e, own!)) return;
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
    [items, sync, orientation, itemOf, moveInRow],
  );

  const onFocus = useCallback(
    (e: FocusEvent) => {
      const item = itemOf(e.target as HTMLElement);
      if (!item || !ref.current?.contains(item)) return;
      current.current = keyRef.current(item);
      sync();
    },
    [itemOf, sync],
  );

  return { ref, containerProps: { onKeyDown, onFocus } };
}
