import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../../lib/i18n';
import { updateUserConfig } from '../../lib/user-config';
import { LANGUAGE_NAMES } from '../../ui/LanguageSelect';
import { notificationPermission, requestNotificationPermission } from '../friends';

/** The interface language: on this device (like the menu's items) and saved with the user's config. */
export function LanguageRow() {
  const { t, i18n } = useTranslation('settings');
  return (
    <label className="st-row">
      <span className="st-row__text">
        <span className="st-row__label">{t('rows.language')}</span>
      </span>
      <select
        className="st-select"
        value={i18n.language}
        data-testid="settings-language"
        onChange={(e) => {
          const lng = e.target.value;
          if (!isLanguage(lng)) return;
          void changeLanguage(lng);
          // Saved on the server too: its texts (errors, notices) follow it on every device.
          void updateUserConfig({ language: lng }).catch(() => {});
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The browser's notification permission: its state, and the button that asks for it. */
export function PermissionRow() {
  const { t } = useTranslation('settings');
  const [state, setState] = useState(notificationPermission);
  return (
    <div className="st-row">
      <span className="st-row__text">
        <span className="st-row__label">{t('rows.permission')}</span>
        <span className="st-row__hint" data-testid="settings-permission-state">
          {t(`permission.${state}`)}
        </span>
      </span>
      {state === 'default' && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="settings-permission-ask"
          onClick={() => void requestNotificationPermission().then(setState)}
        >
          {t('permission.ask')}
        </button>
      )}
    </div>
  );
}
