import './ui.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Empty state; '空空如也' by default. */
export function Empty({ text, children }: { text?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="empty" data-testid="empty">
      <svg viewBox="0 0 64 48" width="96" height="72" aria-hidden="true">
        <ellipse cx="32" cy="42" rx="26" ry="4" fill="var(--fill-2)" />
        <path
          d="M10 18l8-12h28l8 12v18a3 3 0 0 1-3 3H13a3 3 0 0 1-3-3z"
          fill="var(--fill-1)"
          stroke="var(--border-strong)"
        />
        <path d="M10 18h14a8 8 0 0 0 16 0h14" fill="none" stroke="var(--border-strong)" />
      </svg>
      <p>{text ?? t('empty')}</p>
      {children}
    </div>
  );
}
