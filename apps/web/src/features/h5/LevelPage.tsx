import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Limits } from '@parley/protocol';
import { paths } from '../../lib/paths';
import { LevelBadge } from '../../ui/LevelBadge';

const LEVELS = Array.from({ length: Limits.memberLevelMax }, (_, i) => i + 1);

/** /h5/level: what member levels are and what they unlock (public). */
export default function LevelPage() {
  const { t } = useTranslation('h5');
  return (
    <div className="h5-page" data-testid="h5-level">
      <header className="h5-hero">
        <h1>{t('level.title')}</h1>
        <p>{t('level.intro')}</p>
      </header>
      <section className="h5-card">
        <h2>{t('level.howTitle')}</h2>
        <ul className="h5-list">
          <li>{t('level.how1')}</li>
          <li>{t('level.how2')}</li>
          <li>{t('level.how3')}</li>
        </ul>
      </section>
      <section className="h5-card">
        <h2>{t('level.badgesTitle')}</h2>
        <div className="h5-levels">
          {LEVELS.map((l) => (
            <div key={l} className="h5-level">
              <LevelBadge level={l} />
              <span>{t('level.name', { level: l })}</span>
            </div>
          ))}
        </div>
        <p className="h5-note">{t('level.note')}</p>
      </section>
      <Link to={paths.member} className="btn btn--primary btn--block btn--lg">
        {t('level.cta')}
      </Link>
    </div>
  );
}
