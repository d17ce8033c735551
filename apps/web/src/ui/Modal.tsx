import './ui.css';
import * as RD from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './useReturnFocus';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** Shown to screen readers when there is no visible description. */
  description?: string;
  /** A selector of the element that gets focus on open (default: the first focusable one). */
  initialFocus?: string;
}

export const overlayStyle = {
  zIndex: Ui.overlayZIndex,
  backdropFilter: `blur(${Ui.overlayBlur}px)`,
  WebkitBackdropFilter: `blur(${Ui.overlayBlur}px)`,
};

/** A centred dialog on Radix Dialog (focus trap, Escape, scroll lock) with the Parley overlay. */
export function Modal({
  open,
  onOpenChange,
  title,
  children,
  footer,
  width = 420,
  description,
  initialFocus,
}: ModalProps) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus(open);
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className="overlay" style={overlayStyle} />
        <RD.Content
          className="modal"
          style={{ zIndex: Ui.overlayZIndex + 1, width }}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            const el =
              initialFocus && (e.currentTarget as HTMLElement).querySelector<HTMLElement>(initialFocus);
            if (!el) return;
            e.preventDefault();
            el.focus();
          }}
          onCloseAutoFocus={returnFocus}
        >
          <header className="modal__header">
            <RD.Title className="modal__title">{title}</RD.Title>
            <RD.Close className="icon-btn" aria-label={t('close')}>
              <CloseIcon />
            </RD.Close>
          </header>
          {description && <RD.Description className="sr-only">{description}</RD.Description>}
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
