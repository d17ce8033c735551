import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { messageLabel } from './notices';
import { useTipText } from './group/useTipText';

export { isNotice, noticeKind } from './notices';

type Last = { type: string; payload: Record<string, unknown>; isRevoked?: boolean };

/** One-line text of a message in the current language: texts as they are, other types in brackets. */
export function useAbstract() {
  const { t } = useTranslation('messages');
  const tip = useTipText();
  return useCallback(
    (m: Last, opts: { mine?: boolean; name?: string } = {}): string => {
      if (m.isRevoked) return opts.mine ? t('revoked.self') : t('revoked.other', { name: opts.name ?? '' });
      if (m.type === 'groupTip') return tip(m.payload);
      return messageLabel(m, t);
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
