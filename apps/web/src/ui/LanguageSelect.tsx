import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../lib/i18n';

export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
};

/** Compact language picker for the public pages (the app menu has its own). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  return (
    <label className="lang-select">
      <span className="sr-only">{t('menu.language')}</span>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        value={i18n.language}
        onChange={(e) => isLanguage(e.target.value) && void changeLanguage(e.target.value)}
        data-testid="lang-select"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
