import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { markRead } from './read';

/** A message counts as read once this share of it is on screen (docs/web.md "Messages"). */
export const READ_VISIBLE_RATIO = 0.7;
/** Reads found while scrolling are sent at most this often. */
export const READ_THROTTLE_MS = 150;

type Seen = Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'> & {
  intersectionRect: { height: number };
  rootBounds: { height: number } | null;
};

/**
 * Whether a message is seen enough to be read: 70 % of it in view, or, for a message taller than the
 * list, 70 % of the list's height filled by it.
 */
export function seenEnough(e: Seen): boolean {
  if (!e.isIntersecting) return false;
  if (e.intersectionRatio >= READ_VISIBLE_RATIO) return true;
  return e.rootBounds !== null && e.intersectionRect.height >= READ_VISIBLE_RATIO * e.rootBounds.height;
}

const THRESHOLDS = [0, 0.25, 0.5, READ_VISIBLE_RATIO, 0.85, 1];

/**
 * Read receipts from what the reader sees: the read cursor moves to the highest sequence of a message
 * seen enough (`seenEnough`) while the tab is visible, checked again when the tab comes back. The
 * list marks its message rows with `data-seq`. Without IntersectionObserver (old browsers, unit
 * tests) opening the chat reads everything.
 */
export function useReadOnView(
  scrollRef: RefObject<HTMLElement | null>,
  conversationID: string,
  unread: number,
): void {
  const seqOf = useRef(new Map<Element, number>());
  const inView = useRef(new Set<Element>());
  const observer = useRef<IntersectionObserver | null>(null);
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const supported = typeof IntersectionObserver !== 'undefined';

  const flush = useCallback(() => {
    timer.current = null;
    if (document.hidden) return;
    let max = 0;
    for (const el of inView.current) max = Math.max(max, seqOf.current.get(el) ?? 0);
    if (max > pending.current) pending.current = max;
    if (pending.current > 0) markRead(conversationID, pending.current);
  }, [conversationID]);
  const soon = useCallback(() => {
    if (!timer.current) timer.current = setTimeout(flush, READ_THROTTLE_MS);
  }, [flush]);

  useEffect(() => {
    if (!supported) return;
    const root = scrollRef.current;
    const seen = inView.current;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (seenEnough(e)) seen.add(e.target);
          else seen.delete(e.target);
        }
        // Rows scrolled out of the virtualized list are gone from the page: forget them.
        if (seqOf.current.size > 200) {
          for (const el of seqOf.current.keys()) {
            if (el.isConnected) continue;
            seqOf.current.delete(el);
            seen.delete(el);
            io.unobserve(el);
          }
        }
        soon();
      },
      { root, threshold: THRESHOLDS },
    );
    observer.current = io;
    for (const el of seqOf.current.keys()) io.observe(el);
    const onVisible = () => !document.hidden && soon();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      io.disconnect();
      observer.current = null;
      seen.clear();
      pending.current = 0;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [scrollRef, conversationID, supported, soon]);

  // No observer: read everything on open and when the tab comes back.
  useEffect(() => {
    if (supported) return;
    if (unread > 0 && !document.hidden) markRead(conversationID);
    const onVisible = () => !document.hidden && markRead(conversationID);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [supported, unread, conversationID]);

  // After each render: watch the message rows on the page (each carries data-seq).
  useLayoutEffect(() => {
    const root = scrollRef.current;
    if (!root || !supported) return;
    for (const el of root.querySelectorAll<HTMLElement>('[data-seq]')) {
      const sequence = Number(el.dataset.seq);
      if (!(sequence > 0) || seqOf.current.get(el) === sequence) continue;
      seqOf.current.set(el, sequence);
      observer.current?.observe(el);
    }
  });
}
