import { useTranslation } from 'react-i18next';
import { useOutage } from '../lib/outage';

/**
 * The one message of an outage: the user's network when the browser is offline, the server when
 * calls or the socket get no answer while online (lib/outage.ts).
 */
export function NetworkBanner() {
  const { t } = useTranslation('common');
  const outage = useOutage();
  if (!outage) return null;
  return (
    <div className="network-banner" role="alert" data-testid="network-banner" data-outage={outage}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7v6M12 16.5v.01" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {outage === 'offline' ? t('network.lost') : t('network.serverDown')}
    </div>
  );
}
