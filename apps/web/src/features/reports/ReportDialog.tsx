import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { ReportForm, type ReportTarget } from './ReportForm';

/** The report form in a dialog (a user from their profile menu; a group from anywhere but its panel). */
export function ReportDialog({
  target,
  name,
  onClose,
}: {
  target: ReportTarget | null;
  /** Who or what is reported, in the title. */
  name: string;
  onClose(): void;
}) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      open={target !== null}
      onOpenChange={(v) => !v && onClose()}
      title={target?.type === 1 ? t('titleGroup') : t('titleUser', { name })}
      width={420}
    >
      {target && <ReportForm target={target} onDone={onClose} />}
    </Modal>
  );
}
