import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Ui } from '@parley/protocol';

export interface MenuItem {
  key: string;
  label: string;
  danger?: boolean;
  onSelect(): void;
}

export interface MenuAnchor {
  x: number;
  y: number;
  /** Open upwards from y (a message menu above its bubble) instead of downwards. */
  above?: boolean;
}

/**
 * A context menu at a point (right click, long press, or the menu key): a `menu` of buttons with
 * arrow-key navigation; Escape, an outside click or scrolling closes it and focus goes back.
 */
export function ContextMenu({
  anchor,
  items,
  label,
  onClose,
  testId,
}: {
  anchor: MenuAnchor;
  items: MenuItem[];
  label: string;
  onClose(): void;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);
  const opener = useRef<Element | null>(typeof document !== 'undefined' ? document.activeElement : null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    const left = Math.max(8, Math.min(anchor.x, window.innerWidth - width - 8));
    const wanted = anchor.above ? anchor.y - height : anchor.y;
    const top = Math.max(8, Math.min(wanted, window.innerHeight - height - 8));
    setPos({ left, top });
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const back = opener.current;
    const close = (e: Event) => {
      if (e.type === 'pointerdown' && ref.current?.contains(e.target as Node)) return;
      onClose();
    };
    document.addEventListener('pointerdown', close, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const list = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length;
      list[next]?.focus();
    }
  };

  // Rendered in place (position: fixed), so it stays inside the screen's main landmark.
  return (
    <div
      ref={ref}
      className="popover msg-menu menu"
      role="menu"
      aria-label={label}
      data-testid={testId}
      style={{
        position: 'fixed',
        left: pos?.left ?? anchor.x,
        top: pos?.top ?? anchor.y,
        visibility: pos ? 'visible' : 'hidden',
        zIndex: Ui.overlayZIndex,
      }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((it) => (
        <button
          key={it.key}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`menu__item${it.danger ? ' menu__item--danger' : ''}`}
          data-testid={`menu-${it.key}`}
          onClick={() => {
            onClose();
            it.onSelect();
          }}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

/** Long press (touch) opens the same menu as a right click: 500 ms without moving. */
export function useLongPress(onLongPress: (x: number, y: number) => void, ms = 500) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      if (!t) return;
      const { clientX, clientY } = t;
      clear();
      timer.current = setTimeout(() => onLongPress(clientX, clientY), ms);
    },
    onTouchMove: clear,
    onTouchEnd: clear,
    onTouchCancel: clear,
  };
}
