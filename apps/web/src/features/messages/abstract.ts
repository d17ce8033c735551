import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { customDataOf, type Conversation } from '@parley/protocol';
import { useTipText } from './group/useTipText';

type Last = { type: string; payload: Record<string, unknown>; isRevoked?: boolean };

/** The business ID of a friend notice (`custom` with `data` = {"businessID": …}), else ''. */
export function noticeKind(payload: Record<string, unknown>): string {
  const kind = customDataOf(payload)?.businessID;
  return typeof kind === 'string' ? kind : '';
}

/** One-line text of a message in the current language: texts as they are, other types in brackets. */
export function useAbstract() {
  const { t } = useTranslation('messages');
  const tip = useTipText();
  return useCallback(
    (m: Last, opts: { mine?: boolean; name?: string } = {}): string => {
      if (m.isRevoked) return opts.mine ? t('revoked.self') : t('revoked.other', { name: opts.name ?? '' });
      if (m.type === 'text') return typeof m.payload.text === 'string' ? m.payload.text : '';
      if (m.type === 'groupTip') return tip(m.payload);
      if (m.type === 'custom') {
        const kind = noticeKind(m.payload);
        if (kind && kind !== 'helper') return t(`notices.${kind}`, { defaultValue: t('types.custom') });
        if (typeof m.payload.description === 'string' && m.payload.description) return m.payload.description;
      }
      return t(`types.${m.type}`, { defaultValue: t('types.custom') });
    },
    [t, tip],
  );
}

/** The list row's second line for a conversation's last message. */
export function lastLine(
  c: Conversation,
  me: string,
  abstract: ReturnType<typeof useAbstract>,
  name: string,
) {
  if (!c.lastMessage) return '';
  return abstract(c.lastMessage, { mine: c.lastMessage.fromAccount === me, name });
}
