import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserConfig } from '@parley/protocol';
import { errorTextOf } from '../../lib/error-text';
import { fetchUserConfig, updateUserConfig, userConfigKey } from '../../lib/user-config';
import { toast } from '../../ui/toast-store';
import { SETTINGS_SECTIONS, type SwitchRow } from './rows';
import './settings.css';

function SwitchRowView({ row, config }: { row: SwitchRow; config: UserConfig }) {
  const { t } = useTranslation('settings');
  // The switch moves on the click; the saved value takes over when the server answers.
  const [pending, setPending] = useState<boolean | null>(null);
  if (row.needs && config[row.needs] !== 1) return null;
  const id = `st-${row.key}`;
  return (
    <div className="st-row">
      <span className="st-row__text">
        <label className="st-row__label" htmlFor={id}>
          {t(row.label)}
        </label>
        {row.hint && (
          <span className="st-row__hint" id={`${id}-hint`}>
            {t(row.hint)}
          </span>
        )}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="st-switch"
        checked={pending ?? config[row.config] === 1}
        aria-describedby={row.hint ? `${id}-hint` : undefined}
        data-testid={`settings-${row.key}`}
        onChange={(e) => {
          setPending(e.target.checked);
          void updateUserConfig({ [row.config]: e.target.checked ? 1 : 0 })
            .then(
              () => toast.success(t('saved')),
              (err: unknown) => toast.error(errorTextOf(err, t('saveFailed'))),
            )
            .finally(() => setPending(null));
        }}
      />
    </div>
  );
}

/** /settings: notifications (on, previews, sound, browser permission) and the language. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const config = useQuery({ queryKey: userConfigKey, queryFn: fetchUserConfig });
  return (
    <section className="st-page" data-testid="screen-settings">
      <h1 className="st-title">{t('title')}</h1>
      {config.data &&
        SETTINGS_SECTIONS.map((section) => (
          <section key={section.key} className="st-section" aria-labelledby={`st-${section.key}-title`}>
            <h2 className="st-section__title" id={`st-${section.key}-title`}>
              {t(section.title)}
            </h2>
            <div className="st-card">
              {section.rows.map((row) =>
                row.kind === 'switch' ? (
                  <SwitchRowView key={row.key} row={row} config={config.data} />
                ) : (
                  <row.Component key={row.key} />
                ),
              )}
            </div>
          </section>
        ))}
    </section>
  );
}
