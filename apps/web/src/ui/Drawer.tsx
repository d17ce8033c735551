import './ui.css';
import * as RD from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './useReturnFocus';
import { CloseIcon, overlayStyle } from './Modal';

export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** Side panel: 360 px from the right on desktop, a 60–80 vh bottom sheet on phones. */
export function Drawer({ open, onOpenChange, title, children, footer }: DrawerProps) {
  const { t } = useTranslation('common');
  const returnFocus = useReturnFocus(open);
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className="overlay overlay--drawer" style={overlayStyle} />
        <RD.Content
          className="drawer"
          style={{ zIndex: Ui.overlayZIndex + 1, ['--drawer-width' as string]: `${Ui.drawerWidth}px` }}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <header className="drawer__header">
            <RD.Title className="drawer__title">{title}</RD.Title>
            <RD.Close className="icon-btn" aria-label={t('close')}>
              <CloseIcon />
            </RD.Close>
          </header>
          <div className="drawer__body">{children}</div>
          {footer && <footer className="drawer__footer">{footer}</footer>}
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}
