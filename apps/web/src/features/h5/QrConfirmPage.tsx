import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorTextOf } from '../../lib/error-text';
import { loginPath } from '../../lib/nav';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { authApi } from '../auth';

type Phase = 'scanning' | 'ready' | 'confirming' | 'done' | 'cancelled' | 'error';

/**
 * /h5/qr-confirm?code=…: the page a QR login code points to. A signed-in user confirms the login of
 * the other browser; a guest is asked to sign in first and comes back here.
 */
export default function QrConfirmPage() {
  const { t } = useTranslation('h5');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const [phase, setPhase] = useState<Phase>('scanning');
  const [error, setError] = useState<string | null>(null);
  const scanned = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !code || scanned.current === code) return;
    scanned.current = code;
    authApi.scanQrCode(code).then(
      () => setPhase('ready'),
      (err: unknown) => {
        setError(errorTextOf(err, t('qr.failed')));
        setPhase('error');
      },
    );
  }, [token, code, t]);

  const handleConfirm = async () => {
    setPhase('confirming');
    try {
      await authApi.confirmQrCode(code);
      setPhase('done');
    } catch (err) {
      setError(errorTextOf(err, t('qr.failed')));
      setPhase('error');
    }
  };

  let content;
  if (!code) content = <p className="h5-status h5-status--error">{t('qr.missing')}</p>;
  else if (!token)
    content = (
      <>
        <p className="h5-status">{t('qr.loginFirst')}</p>
        <Link
          className="btn btn--primary btn--block btn--lg"
          to={loginPath(`/h5/qr-confirm?code=${encodeURIComponent(code)}`)}
        >
          {t('qr.goLogin')}
        </Link>
      </>
    );
  else if (phase === 'scanning') content = <Spinner size={28} />;
  else if (phase === 'error')
    content = (
      <p className="h5-status h5-status--error" role="alert" data-testid="qr-confirm-error">
        {error}
      </p>
    );
  else if (phase === 'done')
    content = (
      <p className="h5-status h5-status--ok" data-testid="qr-confirm-done">
        {t('qr.done')}
      </p>
    );
  else if (phase === 'cancelled') content = <p className="h5-status">{t('qr.cancelled')}</p>;
  else
    content = (
      <>
        <p className="h5-status">{t('qr.question')}</p>
        <button
          type="button"
          className="btn btn--primary btn--block btn--lg btn--touch"
          disabled={phase === 'confirming'}
          onClick={handleConfirm}
          data-testid="qr-confirm"
        >
          {phase === 'confirming' && <Spinner size={16} />}
          {t('qr.confirm')}
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setPhase('cancelled')}>
          {t('qr.cancel')}
        </button>
      </>
    );

  return (
    <div className="h5-page h5-qr" data-testid="h5-qr-confirm">
      <div className="h5-qr__device" aria-hidden="true">
        <svg viewBox="0 0 64 48" width="96" height="72">
          <rect x="4" y="4" width="56" height="34" rx="3" fill="none" stroke="var(--brand)" strokeWidth="3" />
          <path d="M20 44h24" stroke="var(--brand)" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <h1>{t('qr.title')}</h1>
      {token && user && (
        <div className="h5-qr__user">
          <Avatar src={user.avatar} name={user.nickName} size={40} />
          <span>{user.nickName}</span>
        </div>
      )}
      <div className="h5-qr__actions">{content}</div>
    </div>
  );
}
