import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Ui, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';

/** The group's QR code (the /h5 join page), with 下载保存 and '扫一扫二维码，加入群聊'. */
export function QrDialog({ open, onClose, group }: { open: boolean; onClose(): void; group: GroupInfo }) {
  const { t } = useTranslation('groups');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void QRCode.toDataURL(`${window.location.origin}${group.qrcode}`, { width: Ui.qrSize, margin: 1 }).then(
      (d) => live && setUrl(d),
    );
    return () => {
      live = false;
    };
  }, [open, group.qrcode]);
  return (
    <Modal open={open} onOpenChange={(v) => !v && onClose()} title={t('panel.qrTitle')} width={320}>
      <div className="gp-qr" data-testid="group-qr-dialog">
        <div className="gp-qr__head">
          <Avatar src={group.avatar} name={group.name} size={40} decorative />
          <strong>{group.name}</strong>
        </div>
        {url && <img src={url} width={Ui.qrSize} height={Ui.qrSize} alt={group.groupNumber} />}
        <p className="gp-note">{t('panel.qrText')}</p>
        {url && (
          <a className="btn btn--primary" href={url} download={`group-${group.groupNumber}.png`}>
            {t('panel.download')}
          </a>
        )}
      </div>
    </Modal>
  );
}
