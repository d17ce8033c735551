import { useLayoutEffect, useRef, useState } from 'react';
import { Ui } from '@parley/protocol';
import { toastOffsets, useToasts, type ToastType } from './toast-store';
import './toast.css';

const ICONS: Record<ToastType, string> = {
  success: 'M9 12.5l2 2 4-4.5',
  info: 'M12 8v.01M12 11v5',
  warning: 'M12 7v6M12 16v.01',
  error: 'M9 9l6 6M15 9l-6 6',
};

/** Renders the toast stack. Mounted once at the root of the app. */
export function Toaster() {
  const items = useToasts((s) => s.items);
  const close = useToasts((s) => s.close);
  const refs = useRef(new Map<number, HTMLDivElement>());
  const [heights, setHeights] = useState<Record<number, number>>({});

  useLayoutEffect(() => {
    const next: Record<number, number> = {};
    for (const t of items) next[t.id] = refs.current.get(t.id)?.offsetHeight ?? 0;
    setHeights((prev) => {
      const same = items.length === Object.keys(prev).length && items.every((t) => prev[t.id] === next[t.id]);
      return same ? prev : next;
    });
  }, [items]);

  const tops = toastOffsets(items.map((t) => heights[t.id] ?? 0));

  return (
    <div className="toaster" aria-live="polite" style={{ zIndex: Ui.overlayZIndex + 10 }}>
      {items.map((t, i) => (
        <div
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          role={t.type === 'error' ? 'alert' : 'status'}
          className={`toast toast--${t.type}`}
          data-testid="toast"
          style={{ top: tops[i], maxWidth: `calc(100vw - ${Ui.toastOffset * 2}px)` }}
          onClick={() => close(t.id)}
        >
          <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="10" />
            <path d={ICONS[t.type]} />
          </svg>
          <span className="toast__text">{t.message}</span>
        </div>
      ))}
    </div>
  );
}
