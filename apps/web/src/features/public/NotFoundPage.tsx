import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  return (
    <div
      className="doc"
      style={{ textAlign: 'center', paddingTop: 96, paddingBottom: 120 }}
      data-testid="not-found"
    >
      <p style={{ fontSize: 88, fontWeight: 800, color: 'var(--brand-text)', lineHeight: 1 }}>404</p>
      <h1 style={{ margin: '16px 0 8px' }}>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 28 }}>
        <Link to={paths.home} className="btn">
          {t('notFound.home')}
        </Link>
        <Link to={paths.messages} className="btn btn--primary">
          {t('nav.tryWeb')}
        </Link>
      </div>
    </div>
  );
}
