import { useEffect, useMemo, useRef } from 'react';
import * as Menu from '@radix-ui/react-menu';
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
  /** Opened from the keyboard (the menu key, Shift+F10): focus starts on the first item. */
  keyboard?: boolean;
}

/** The keys that open an element's menu from the keyboard: the context-menu key and Shift+F10. */
export const isMenuKey = (e: { key: string; shiftKey: boolean }) =>
  e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10');

/**
 * A context menu at a point (right click, long press, the menu key or Shift+F10), on Radix's menu
 * primitive: focus enters it (on the first item when opened from the keyboard), arrow keys, Home/End and typing a label's first
 * letters move between items (looping), Enter or Space picks, Escape, Tab, an outside click, focus
 * leaving it (an incoming call's screen takes focus), resizing or leaving the window close it, and
 * focus goes back to the element it was opened from unless the picked item moved it elsewhere.
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
  const opener = useRef<Element | null>(typeof document !== 'undefined' ? document.activeElement : null);
  const point = useMemo(
    () => ({ current: { getBoundingClientRect: () => DOMRect.fromRect({ x: anchor.x, y: anchor.y }) } }),
    [anchor.x, anchor.y],
  );

  const content = useRef<HTMLDivElement>(null);
  // After Radix focused the menu itself (its own keyboard detection only sees keys pressed while a
  // menu is mounted): opened from the keyboard, the first item takes focus.
  useEffect(() => {
    if (anchor.keyboard) content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    window.addEventListener('resize', onClose);
    window.addEventListener('blur', onClose);
    return () => {
      window.removeEventListener('resize', onClose);
      window.removeEventListener('blur', onClose);
    };
  }, [onClose]);

  return (
    <Menu.Root open modal={false} onOpenChange={(open) => !open && onClose()}>
      <Menu.Anchor virtualRef={point} />
      {/* Not portalled: it stays inside the screen's main landmark (position: fixed). */}
      <Menu.Content
        ref={content}
        className="popover msg-menu menu"
        aria-label={label}
        data-testid={testId}
        side={anchor.above ? 'top' : 'bottom'}
        align="start"
        collisionPadding={8}
        loop
        style={{ zIndex: Ui.overlayZIndex }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          // An item that moved focus on purpose (引用 → the composer) keeps it there.
          const now = document.activeElement;
          if (now && now !== document.body && !content.current?.contains(now)) return;
          const back = opener.current;
          if (back instanceof HTMLElement && back.isConnected) back.focus();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Tab') {
            e.preventDefault();
            onClose();
          }
        }}
        onContextMenu={(e) => e.preventDefault()}
      >
        {items.map((it) => (
          <Menu.Item
            key={it.key}
            className={`menu__item${it.danger ? ' menu__item--danger' : ''}`}
            data-testid={`menu-${it.key}`}
            onSelect={() => {
              onClose();
              it.onSelect();
            }}
          >
            {it.label}
          </Menu.Item>
        ))}
      </Menu.Content>
    </Menu.Root>
  );
}

/**
 * Long press (touch) opens the same menu as a right click: 500 ms without moving. The release of a
 * long press is not a tap: its touchend is cancelled, so the browser sends no mouse events or click
 * that would pick the item under the finger or close the menu again.
 */
export function useLongPress(onLongPress: (x: number, y: number) => void, ms = 500) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
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
      fired.current = false;
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLongPress(clientX, clientY);
      }, ms);
    },
    onTouchMove: clear,
    onTouchEnd: (e: React.TouchEvent) => {
      clear();
      if (!fired.current) return;
      fired.current = false;
      if (e.cancelable) e.preventDefault();
    },
    onTouchCancel: () => {
      clear();
      fired.current = false;
    },
  };
}
