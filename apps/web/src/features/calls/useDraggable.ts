import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Pointer travel below which a press is a click, not a drag. */
const DRAG_SLOP_PX = 4;

/**
 * Moves a fixed-position box with the pointer (mouse or touch), kept inside the viewport. A press
 * on the box becomes a drag once it travels a few pixels; the moves are followed on the window, so
 * a fast pointer that leaves the box keeps dragging it. `moved()` tells the click that follows a
 * drag to do nothing (a dragged float window does not restore the call).
 */
export function useDraggable() {
  const ref = useRef<HTMLDivElement>(null);
  const dragged = useRef(false);
  const stop = useRef<() => void>(() => {});
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);

  useEffect(() => () => stop.current(), []);

  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLDivElement>) => {
    const el = ref.current;
    if (e.button !== 0 || !el) return;
    stop.current();
    const r = el.getBoundingClientRect();
    const from = { x: e.clientX, y: e.clientY, left: r.left, top: r.top };
    dragged.current = false;
    const move = (ev: PointerEvent) => {
      const dx = ev.clientX - from.x;
      const dy = ev.clientY - from.y;
      if (!dragged.current && Math.hypot(dx, dy) < DRAG_SLOP_PX) return;
      dragged.current = true;
      const { width, height } = el.getBoundingClientRect();
      setPos({
        left: Math.max(0, Math.min(from.left + dx, window.innerWidth - width)),
        top: Math.max(0, Math.min(from.top + dy, window.innerHeight - height)),
      });
    };
    const end = () => stop.current();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stop.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stop.current = () => {};
    };
  }, []);

  return {
    ref,
    moved: () => dragged.current,
    props: {
      onPointerDown,
      style: pos ? { left: pos.left, top: pos.top, right: 'auto', bottom: 'auto' } : undefined,
      'data-dragged': pos ? 'true' : undefined,
    },
  };
}
