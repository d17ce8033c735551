import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { tipText, type TipPayload } from './tips';

/** The text of a group tip payload in the current language ('你' for myself). */
export function useTipText() {
  const { t } = useTranslation('groupChat');
  const me = useSession((s) => s.user?.wtId ?? '');
  return useCallback(
    (payload: Record<string, unknown>): string => {
      const { key, params } = tipText(
        payload as TipPayload,
        (p) => (p.userID === me ? t('you') : p.nick || p.userID),
        (names) => names.join(t('separator')),
      );
      const values: Record<string, string | number> = { ...params };
      if (typeof params.unit === 'string')
        values.duration = t(`duration.${params.unit}`, { count: Number(params.duration) });
      return t(key, values);
    },
    [t, me],
  );
}
