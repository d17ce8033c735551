import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

interface Options<R> {
  rows: readonly R[];
  /** Height of a row (estimate; rows are fixed-height per kind in practice). */
  size(row: R | undefined): number;
  key(row: R | undefined, index: number): string | number;
  overscan?: number;
  /** When this changes (e.g. a new search), the list scrolls back to the top. */
  resetKey?: unknown;
}

/**
 * The virtualized scroll list shared by the contacts column and the people picker (long lists are
 * virtualized; docs/web.md). Attach `scrollRef` to the scrolling element.
 */
export function useVirtualRows<R>({ rows, size, key, overscan = 8, resetKey }: Options<R>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => size(rows[i]),
    getItemKey: (i) => key(rows[i], i),
    overscan,
  });
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);
  return { scrollRef, virtualizer };
}
