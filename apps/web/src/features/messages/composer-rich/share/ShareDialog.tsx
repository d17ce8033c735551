import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../ui/Modal';
import { ModalActions } from '../../../../ui/ModalActions';

/**
 * The frame of the share dialogs (位置, 名片, 推荐): a modal with the title and, when the body has
 * no buttons of its own, 取消 and 发送.
 */
export function ShareDialog({
  title,
  onClose,
  onSend,
  sendTestId,
  width,
  children,
}: {
  title: string;
  onClose(): void;
  /** Given: the frame draws 取消 / 发送. */
  onSend?(): void;
  sendTestId?: string;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('rich');
  return (
    <Modal
      open
      onOpenChange={(v) => !v && onClose()}
      title={title}
      width={width}
      footer={
        onSend && (
          <ModalActions
            cancel={{ label: t('share.cancel'), onClick: onClose }}
            confirm={{ label: t('share.send'), onClick: onSend, testId: sendTestId }}
          />
        )
      }
    >
      {children}
    </Modal>
  );
}
