import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { HeroMock } from './HeroMock';
import './home.css';

const FEATURES = [
  { key: 'chat', icon: 'M4 5h16v11H9l-5 4z' },
  {
    key: 'groups',
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 19c.5-3 3-5 6-5s5.5 2 6 5m1-5c2.4 0 4.5 1.6 5 5',
  },
  {
    key: 'calls',
    icon: 'M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm13 3l5-3v10l-5-3',
  },
  { key: 'moments', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 3' },
  { key: 'favorites', icon: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z' },
  { key: 'member', icon: 'M4 8l4 4 4-7 4 7 4-4-2 11H6z' },
] as const;

const HIGHLIGHTS = ['selfHosted', 'realtime', 'languages'] as const;

export default function HomePage() {
  const { t } = useTranslation('public');
  return (
    <div className="home">
      <section id="home" className="hero">
        <div className="hero__inner">
          <div className="hero__copy">
            <span className="hero__eyebrow">{t('hero.eyebrow')}</span>
            <h1>{t('hero.title')}</h1>
            <p>{t('hero.subtitle')}</p>
            <div className="hero__cta">
              <Link to={paths.messages} className="btn btn--primary btn--lg">
                {t('nav.tryWeb')}
              </Link>
              <a href="#product" className="btn btn--lg">
                {t('hero.learnMore')}
              </a>
            </div>
          </div>
          <HeroMock />
        </div>
      </section>

      <section id="product" className="section">
        <div className="section__inner">
          <h2 className="section__title">{t('product.title')}</h2>
          <p className="section__lead">{t('product.lead')}</p>
          <div className="features">
            {FEATURES.map((f) => (
              <article key={f.key} className="feature">
                <span className="feature__icon">
                  <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                    <path
                      d={f.icon}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.7"
                      strokeLinejoin="round"
                      strokeLinecap="round"
                    />
                  </svg>
                </span>
                <h3>{t(`product.${f.key}.title`)}</h3>
                <p>{t(`product.${f.key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--tint">
        <div className="section__inner highlights">
          {HIGHLIGHTS.map((h) => (
            <div key={h} className="highlight">
              <strong>{t(`highlights.${h}.value`)}</strong>
              <span>{t(`highlights.${h}.label`)}</span>
            </div>
          ))}
        </div>
      </section>

      <section id="about" className="section">
        <div className="section__inner about-teaser">
          <div>
            <h2 className="section__title section__title--left">{t('aboutTeaser.title')}</h2>
            <p className="section__lead section__lead--left">{t('aboutTeaser.text')}</p>
            <Link to={paths.about} className="btn">
              {t('aboutTeaser.more')}
            </Link>
          </div>
          <ul className="about-teaser__list">
            <li>{t('aboutTeaser.point1')}</li>
            <li>{t('aboutTeaser.point2')}</li>
            <li>{t('aboutTeaser.point3')}</li>
          </ul>
        </div>
      </section>

      <section className="cta-band">
        <div className="section__inner cta-band__inner">
          <h2>{t('cta.title')}</h2>
          <Link to={paths.login} className="btn btn--lg cta-band__btn">
            {t('cta.button')}
          </Link>
        </div>
      </section>
    </div>
  );
}
