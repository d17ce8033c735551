import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import { ModalActions } from './ModalActions';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

interface ConfirmState {
  current: (ConfirmOptions & { resolve(ok: boolean): void }) | null;
}

const useConfirm = create<ConfirmState>(() => ({ current: null }));

/** Asks the user; resolves true on confirm, false on cancel or dismiss. Needs <ConfirmHost/> mounted. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  useConfirm.getState().current?.resolve(false);
  return new Promise((resolve) => useConfirm.setState({ current: { ...options, resolve } }));
}

export function ConfirmHost() {
  const { t } = useTranslation('common');
  const current = useConfirm((s) => s.current);
  const settle = (ok: boolean) => {
    current?.resolve(ok);
    useConfirm.setState({ current: null });
  };
  return (
    <Modal
      open={current !== null}
      onOpenChange={(open) => !open && settle(false)}
      title={current?.title ?? ''}
      width={380}
      footer={
        <ModalActions
          danger={current?.danger}
          cancel={{ label: current?.cancelText ?? t('cancel'), onClick: () => settle(false) }}
          confirm={{
            label: current?.confirmText ?? t('confirm'),
            onClick: () => settle(true),
            testId: 'confirm-ok',
          }}
        />
      }
    >
      {current?.message && <p className="modal__message">{current.message}</p>}
    </Modal>
  );
}
