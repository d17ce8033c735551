import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Title bar (with a back arrow on phones) and body of a detail pane. */
export function PaneFrame({
  title,
  actions,
  onBack,
  children,
  toolbar,
  bare = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  /** Stays under the title while the body scrolls (e.g. the 收到的申请/我的申请 tabs). */
  toolbar?: ReactNode;
  onBack(): void;
  children: ReactNode;
  bare?: boolean;
}) {
  const { t } = useTranslation('contacts');
  return (
    <section className={`ct-pane${bare ? ' ct-pane--bare' : ''}`} data-testid="contacts-pane">
      <header className="ct-pane__head">
        <button type="button" className="icon-btn ct-pane__back" onClick={onBack} aria-label={t('back')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <h2 className="ct-pane__title">{title}</h2>
        {actions && <div className="ct-pane__actions">{actions}</div>}
      </header>
      {toolbar && <div className="ct-pane__toolbar">{toolbar}</div>}
      <div className="ct-pane__body">{children}</div>
    </section>
  );
}
