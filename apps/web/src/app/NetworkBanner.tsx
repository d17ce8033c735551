import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketStatus } from '../lib/realtime';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** '网络异常，请您检查网络设置' while the socket is down or the browser is offline. */
export function NetworkBanner() {
  const { t } = useTranslation('common');
  const status = useSocketStatus();
  const online = useOnline();
  if (online && status !== 'down') return null;
  return (
    <div className="network-banner" role="alert" data-testid="network-banner">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7v6M12 16.5v.01" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t('network.lost')}
    </div>
  );
}
