import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './coming-soon.css';

/**
 * Honest placeholder for screens whose issue has not landed yet. It says so
 * plainly instead of showing fake data.
 */
export function ComingSoon({
  screen,
  children,
}: {
  screen: 'messages' | 'favorites' | 'moments' | 'moment' | 'member';
  /** Replaces the placeholder body (the first screen shows the next actions of a new user). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <section className="soon" data-testid={`screen-${screen}`}>
      <header className="soon__header">
        <h1>{t(`screens.${screen}`)}</h1>
      </header>
      {children ?? (
        <div className="soon__body">
          <div className="soon__art" aria-hidden="true">
            <svg viewBox="0 0 120 90" width="150" height="112">
              <rect
                x="10"
                y="14"
                width="100"
                height="66"
                rx="10"
                fill="var(--surface)"
                stroke="var(--border-strong)"
              />
              <rect x="22" y="28" width="48" height="10" rx="5" fill="var(--brand-soft)" />
              <rect x="50" y="46" width="48" height="10" rx="5" fill="#95ec69" opacity="0.7" />
              <rect x="22" y="62" width="32" height="8" rx="4" fill="var(--fill-2)" />
              <circle cx="96" cy="20" r="12" fill="var(--brand)" />
              <path d="M96 13v7l4 3" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
            </svg>
          </div>
          <h2>{t('comingSoon.title')}</h2>
          <p>{t('comingSoon.text')}</p>
        </div>
      )}
    </section>
  );
}
