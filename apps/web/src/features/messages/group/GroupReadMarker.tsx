import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../types';
import { readState } from './logic';

/**
 * The read marker of an own group message that asked for receipts: none read (an empty ring),
 * some (a ring filled by the share read, 'N人已读') or all (a check). It opens the Read/Unread panel.
 */
export function GroupReadMarker({ m, onOpen }: { m: ChatMessage; onOpen(m: ChatMessage): void }) {
  const { t } = useTranslation('groupChat');
  const state = readState(m);
  if (!state) return null;
  const { readCount, unreadCount } = m.readReceiptInfo;
  const share = readCount + unreadCount > 0 ? readCount / (readCount + unreadCount) : 1;
  const label =
    state === 'none'
      ? t('read.none')
      : state === 'all'
        ? t('read.all')
        : t('read.some', { count: readCount });
  return (
    <button
      type="button"
      className={`msg-gread msg-gread--${state}`}
      data-testid="group-read-marker"
      data-state={state}
      title={t('read.open')}
      aria-label={`${label}，${t('read.open')}`}
      onClick={() => onOpen(m)}
    >
      <Ring state={state} share={share} />
      <span>{label}</span>
    </button>
  );
}

function Ring({ state, share }: { state: 'none' | 'some' | 'all'; share: number }) {
  const r = 5.5;
  const c = 2 * Math.PI * r;
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <circle
        cx="7"
        cy="7"
        r={r}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        opacity={state === 'all' ? 1 : 0.45}
      />
      {state === 'some' && (
        <circle
          cx="7"
          cy="7"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeDasharray={`${c * share} ${c}`}
          transform="rotate(-90 7 7)"
        />
      )}
      {state === 'all' && (
        <path
          d="M4.2 7.2l1.9 1.9 3.7-3.9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
