import { useCallback, useRef, useState, type PointerEvent } from 'react';

/** Pointer travel below which a press is a click, not a drag. */
const DRAG_SLOP_PX = 4;

/**
 * Moves a fixed-position box with the pointer (mouse or touch), kept inside the viewport. A press
 * becomes a drag once it travels a few pixels; `moved()` then tells the click that follows it to do
 * nothing (a dragged float window does not restore the call).
 */
export function useDraggable() {
  const ref = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const dragged = useRef(false);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);

  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !ref.current) return;
    const r = ref.current.getBoundingClientRect();
    start.current = { x: e.clientX, y: e.clientY, left: r.left, top: r.top };
    dragged.current = false;
  }, []);
  const onPointerMove = useCallback((e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    const el = ref.current;
    if (!from || !el) return;
    const dx = e.clientX - from.x;
    const dy = e.clientY - from.y;
    if (!dragged.current) {
      if (Math.hypot(dx, dy) < DRAG_SLOP_PX) return;
      dragged.current = true;
      el.setPointerCapture(e.pointerId);
    }
    const { width, height } = el.getBoundingClientRect();
    setPos({
      left: Math.max(0, Math.min(from.left + dx, window.innerWidth - width)),
      top: Math.max(0, Math.min(from.top + dy, window.innerHeight - height)),
    });
  }, []);
  const onPointerEnd = useCallback(() => {
    start.current = null;
  }, []);

  return {
    ref,
    moved: () => dragged.current,
    props: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      style: pos ? { left: pos.left, top: pos.top, right: 'auto', bottom: 'auto' } : undefined,
      'data-dragged': pos ? 'true' : undefined,
    },
  };
}
