import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Ui } from '@parley/protocol';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/http';
import { toDate } from '../../lib/format';
import { Spinner } from '../../ui/Spinner';
import { authApi } from './api';
import { useFinishLogin } from './useFinishLogin';

const POLL_MS = 2000;
type Phase = 'loading' | 'waiting' | 'scanned' | 'error';

/**
 * QR login: shows a code that encodes the /h5 confirm page, polls its status, and replaces it with a
 * fresh one when it expires. A signed-in phone or browser opens the link and confirms.
 */
export default function QrLogin() {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin();
  const [phase, setPhase] = useState<Phase>('loading');
  const [image, setImage] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const expiresAt = useRef(0);

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);

  // Issue a code (again on every refresh).
  useEffect(() => {
    let cancelled = false;
    setPhase('loading');
    authApi.genQrCode().then(
      async (issued) => {
        const url = `${window.location.origin}${paths.h5QrConfirm}?code=${encodeURIComponent(issued.qrCode)}`;
        const dataUrl = await QRCode.toDataURL(url, {
          width: Ui.qrSize * 2,
          margin: 1,
          errorCorrectionLevel: 'M',
        });
        if (cancelled) return;
        expiresAt.current = toDate(issued.expiresAt).getTime();
        setImage(dataUrl);
        setCode(issued.qrCode);
        setPhase('waiting');
      },
      () => !cancelled && setPhase('error'),
    );
    return () => {
      cancelled = true;
    };
  }, [generation]);

  // Poll while a code is shown; an expired or used code is replaced automatically.
  useEffect(() => {
    if (!code || (phase !== 'waiting' && phase !== 'scanned')) return;
    let stopped = false;
    const tick = async () => {
      if (Date.now() >= expiresAt.current) {
        refresh();
        return;
      }
      try {
        const res = await authApi.pollQrCode(code);
        if (stopped) return;
        if (res.status === 2 && res.login) {
          finish(res.login);
          return;
        }
        if (res.expiresAt) expiresAt.current = toDate(res.expiresAt).getTime();
        setPhase(res.status === 1 ? 'scanned' : 'waiting');
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && (err.code === 10007 || err.code === 10008 || err.code === 10009))
          refresh();
      }
    };
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [code, phase, finish, refresh]);

  return (
    <div className="qr-login" data-testid="qr-login">
      <div className="qr-login__box" style={{ width: Ui.qrSize + 24, height: Ui.qrSize + 24 }}>
        {phase === 'loading' && <Spinner size={28} label={t('qr.loading')} />}
        {image && phase !== 'loading' && (
          <img
            src={image}
            width={Ui.qrSize}
            height={Ui.qrSize}
            alt={t('qr.alt')}
            data-testid="qr-image"
            data-code={code ?? ''}
          />
        )}
        {(phase === 'scanned' || phase === 'error') && (
          <div className="qr-login__mask">
            {phase === 'scanned' ? (
              <span>{t('qr.scanned')}</span>
            ) : (
              <button type="button" className="btn btn--primary" onClick={refresh}>
                {t('qr.refresh')}
              </button>
            )}
          </div>
        )}
      </div>
      <p className="qr-login__text">{phase === 'scanned' ? t('qr.confirmOnDevice') : t('qr.instructions')}</p>
      <button type="button" className="link-btn" onClick={refresh} data-testid="qr-refresh">
        {t('qr.refresh')}
      </button>
    </div>
  );
}
