import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { ApplyForm } from './ApplyForm';
import type { ApplyTarget } from './dialogs-store';

/** 申请添加朋友 (from a user profile popup): the target and the reason form. */
export function ApplyDialog({ target, onClose }: { target: ApplyTarget; onClose(): void }) {
  const { t } = useTranslation('friends');
  return (
    <Modal open onOpenChange={(v) => !v && onClose()} title={t('apply.title')} width={400}>
      <div className="fd-target">
        <Avatar src={target.avatar} name={target.nickName} size={44} />
        <div>
          <div className="fd-target__name">{target.nickName || target.wtId}</div>
          <div className="fd-muted">{t('profile.wtId', { id: target.wtId })}</div>
        </div>
      </div>
      <ApplyForm target={target} onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
