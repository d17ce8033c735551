import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useUserConfig } from '../friends';

/** The user config's quick-phrase switch (dailyWordSwitch): 1 shows 常用语 in one-to-one chats. */
export function QuickPhrasesSwitch() {
  const { t } = useTranslation('quickPhrases');
  const qc = useQueryClient();
  const { data } = useUserConfig();
  const [busy, setBusy] = useState(false);
  const on = data?.dailyWordSwitch === 1;
  const toggle = async () => {
    setBusy(true);
    try {
      const next = await call('users', 'updateConfig', { dailyWordSwitch: on ? 0 : 1 });
      qc.setQueryData(['user', 'config'], next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="qp-switch">
      <span className="qp-switch__text">
        <strong>{t('switchLabel')}</strong>
        <small>{t('switchHint')}</small>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={!data || busy}
        data-testid="quick-phrases-switch"
        onChange={() => void toggle()}
      />
    </label>
  );
}
