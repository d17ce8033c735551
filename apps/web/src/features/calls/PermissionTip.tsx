import { useTranslation } from 'react-i18next';
import { callEngine } from './engine';
import { useCallStore } from './store';

/** The desktop permission tip card: the browser refused the microphone or camera; how to allow it. */
export function PermissionTip() {
  const { t } = useTranslation('calls');
  const tip = useCallStore((s) => s.permissionTip);
  if (!tip) return null;
  return (
    <div
      className="call-permission"
      role="alertdialog"
      aria-labelledby="call-permission-title"
      data-testid="permission-tip"
    >
      <strong id="call-permission-title">
        {t(tip === 'camera' ? 'errors.noCameraAccess' : 'errors.noMicAccess')}
      </strong>
      <p>{t('permission.text')}</p>
      <button
        type="button"
        className="btn"
        data-testid="permission-tip-close"
        onClick={callEngine.closePermissionTip}
      >
        {t('permission.ok')}
      </button>
    </div>
  );
}
