import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Ui, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';

/** The saved picture: the group's name and ID above its QR code and the scan text (a PNG data URL). */
async function qrCard(qr: string, name: string, id: string, text: string): Promise<string> {
  const img = new Image();
  img.src = qr;
  await img.decode();
  const scale = 2;
  const w = 320;
  const h = 380;
  const canvas = document.createElement('canvas');
  canvas.width = w * scale;
  canvas.height = h * scale;
  const g = canvas.getContext('2d');
  if (!g) return qr;
  g.scale(scale, scale);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, w, h);
  g.textAlign = 'center';
  g.fillStyle = '#191919';
  g.font = '600 18px system-ui, sans-serif';
  g.fillText(name, w / 2, 42, w - 40);
  g.fillStyle = '#666666';
  g.font = '13px system-ui, sans-serif';
  g.fillText(id, w / 2, 66);
  g.drawImage(img, (w - 240) / 2, 86, 240, 240);
  g.fillText(text, w / 2, 352, w - 40);
  return canvas.toDataURL('image/png');
}

/** The group's QR code (the /h5 join page), with 下载保存 (a card) and '扫一扫二维码，加入群聊'. */
export function QrDialog({ open, onClose, group }: { open: boolean; onClose(): void; group: GroupInfo }) {
  const { t } = useTranslation('groups');
  const [url, setUrl] = useState<string | null>(null);
  const [card, setCard] = useState<string | null>(null);
  const text = t('panel.qrText');
  const idLine = `${t('panel.groupId')} ${group.groupNumber}`;
  useEffect(() => {
    if (!open) return;
    let live = true;
    void (async () => {
      const qr = await QRCode.toDataURL(`${window.location.origin}${group.qrcode}`, {
        width: Ui.qrSize * 2,
        margin: 1,
      });
      if (!live) return;
      setUrl(qr);
      const saved = await qrCard(qr, group.name, idLine, text).catch(() => qr);
      if (live) setCard(saved);
    })();
    return () => {
      live = false;
    };
  }, [open, group.qrcode, group.name, idLine, text]);
  return (
    <Modal open={open} onOpenChange={(v) => !v && onClose()} title={t('panel.qrTitle')} width={320}>
      <div className="gp-qr" data-testid="group-qr-dialog">
        <div className="gp-qr__head">
          <Avatar src={group.avatar} name={group.name} size={40} shape="rounded" decorative />
          <strong>{group.name}</strong>
        </div>
        {url && <img src={url} width={Ui.qrSize} height={Ui.qrSize} alt={group.groupNumber} />}
        <p className="gp-note">{text}</p>
        {card && (
          <a className="btn btn--primary" href={card} download={`group-${group.groupNumber}.png`}>
            {t('panel.download')}
          </a>
        )}
      </div>
    </Modal>
  );
}
