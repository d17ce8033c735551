import './ui.css';
import * as RP from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Ui } from '@parley/protocol';

export interface PopoverProps {
  /** The trigger element; must accept a ref and pointer props (a button, usually). */
  children: ReactNode;
  content: ReactNode | ((close: () => void) => ReactNode);
  /** 'click' toggles; 'hover' opens on enter and closes 1 s after leaving. */
  trigger?: 'click' | 'hover';
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  open?: boolean;
  onOpenChange?(open: boolean): void;
  className?: string;
  arrow?: boolean;
  /** The popup's accessible name; by default it is named by its trigger (e.g. the '+' button's label). */
  label?: string;
}

/** Popover on Radix primitives: click toggles, hover opens, outside click and Escape close. */
export function Popover({
  children,
  content,
  trigger = 'click',
  side = 'bottom',
  align = 'center',
  open: controlled,
  onOpenChange,
  className,
  arrow = true,
  label,
}: PopoverProps) {
  const triggerId = useId();
  const [inner, setInner] = useState(false);
  const open = controlled ?? inner;
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const setOpen = (v: boolean) => {
    if (controlled === undefined) setInner(v);
    onOpenChange?.(v);
  };
  const cancelLeave = () => {
    if (leaveTimer.current) clearTimeout(leaveTimer.current);
    leaveTimer.current = null;
  };
  const hover =
    trigger === 'hover'
      ? {
          onPointerEnter: () => {
            cancelLeave();
            if (!open) setOpen(true);
          },
          onPointerLeave: () => {
            cancelLeave();
            leaveTimer.current = setTimeout(() => setOpen(false), Ui.popoverLeaveDelay);
          },
        }
      : {};
  useEffect(() => cancelLeave, []);

  const close = () => setOpen(false);
  return (
    <RP.Root open={open} onOpenChange={setOpen}>
      <RP.Trigger asChild id={triggerId} {...hover}>
        {children}
      </RP.Trigger>
      <RP.Portal>
        <RP.Content
          side={side}
          align={align}
          sideOffset={arrow ? Ui.popoverArrow + 4 : 6}
          collisionPadding={8}
          className={`popover${className ? ` ${className}` : ''}`}
          style={{ zIndex: Ui.overlayZIndex }}
          aria-label={label}
          aria-labelledby={label ? undefined : triggerId}
          {...hover}
        >
          {typeof content === 'function' ? content(close) : content}
          {arrow && (
            <RP.Arrow className="popover__arrow" width={Ui.popoverArrow * 2} height={Ui.popoverArrow} />
          )}
        </RP.Content>
      </RP.Portal>
    </RP.Root>
  );
}
