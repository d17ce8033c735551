import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast-store';
import { friendDialogs, useFriends } from '../friends';
import './get-started.css';

/** A QR code of the user's ID, rendered once per opening. */
function IdQrCode({ wtId }: { wtId: string }) {
  const { t } = useTranslation('contacts');
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(wtId, { width: Ui.qrSize * 2, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setImage(url),
    );
    return () => {
      live = false;
    };
  }, [wtId]);
  return (
    <div className="gs-qr" style={{ width: Ui.qrSize, height: Ui.qrSize }}>
      {image && (
        <img
          src={image}
          width={Ui.qrSize}
          height={Ui.qrSize}
          alt={t('start.qrAlt', { id: wtId })}
          data-testid="my-qr"
        />
      )}
    </div>
  );
}

/**
 * The next actions for someone with no friends yet: add a friend (the add-friend dialog) and share
 * my ID (copy) or its QR code. Shown on the first screen and in an empty contacts list.
 */
export function GetStarted({ variant }: { variant: 'welcome' | 'contacts' }) {
  const { t } = useTranslation('contacts');
  const user = useSession((s) => s.user);
  const [qrOpen, setQrOpen] = useState(false);
  const wtId = user?.wtId ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(wtId);
      toast.success(t('start.copied'));
    } catch {
      toast.error(t('start.copyFailed'));
    }
  };

  return (
    <section
      className={`gs gs--${variant}`}
      aria-labelledby={`gs-title-${variant}`}
      data-testid={`get-started-${variant}`}
    >
      <svg className="gs__art" viewBox="0 0 64 48" width="88" height="66" aria-hidden="true">
        <circle cx="24" cy="18" r="9" fill="var(--brand-soft)" stroke="var(--brand)" strokeWidth="1.5" />
        <path d="M8 42c1.5-9 8-13 16-13s14.5 4 16 13z" fill="var(--brand-soft)" stroke="var(--brand)" />
        <circle cx="48" cy="30" r="10" fill="var(--brand)" />
        <path d="M48 25v10M43 30h10" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <h2 className="gs__title" id={`gs-title-${variant}`}>
        {t(variant === 'welcome' ? 'start.welcomeTitle' : 'start.emptyTitle')}
      </h2>
      <p className="gs__text">{t(variant === 'welcome' ? 'start.welcomeText' : 'start.emptyText')}</p>
      <button
        type="button"
        className="btn btn--primary gs__add"
        onClick={() => friendDialogs.openAddFriend()}
        data-testid="start-add-friend"
      >
        {t('start.addFriend')}
      </button>
      <div className="gs__id">
        <span className="gs__id-label">{t('start.myId')}</span>
        <code className="gs__id-value" data-testid="start-my-id">
          {wtId}
        </code>
        <button
          type="button"
          className="link-btn"
          onClick={() => void copy()}
          aria-label={t('start.copyLabel', { id: wtId })}
          data-testid="start-copy-id"
        >
          {t('start.copy')}
        </button>
      </div>
      <button
        type="button"
        className="btn gs__qr-btn"
        onClick={() => setQrOpen(true)}
        data-testid="start-show-qr"
      >
        {t('start.showQr')}
      </button>
      <Modal open={qrOpen} onOpenChange={setQrOpen} title={t('start.qrTitle')} width={300}>
        <QrBody wtId={wtId} />
      </Modal>
    </section>
  );
}

function QrBody({ wtId }: { wtId: string }) {
  const { t } = useTranslation('contacts');
  return (
    <div className="gs-qr-body" data-testid="my-qr-dialog">
      <IdQrCode wtId={wtId} />
      <p className="gs__text">{t('start.qrText', { id: wtId })}</p>
    </div>
  );
}

/** True once the friend list has loaded and is empty: the user's first run. */
export function useNoFriendsYet(): boolean | undefined {
  const friends = useFriends();
  return friends.data ? friends.data.length === 0 : undefined;
}
