import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import './guest.css';

const SECTIONS = [
  { id: 'home', key: 'nav.home' },
  { id: 'product', key: 'nav.product' },
  { id: 'about', key: 'nav.about' },
] as const;

/** Public site frame: top nav with scroll links and 'try web version', footer with legal links. */
export default function GuestLayout() {
  const { t } = useTranslation('public');
  const loc = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  // Scroll to the section named by the hash once the home page rendered.
  useEffect(() => {
    if (!loc.hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(loc.hash.slice(1));
    const tryScroll = (n: number) => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else if (n > 0) setTimeout(() => tryScroll(n - 1), 60);
    };
    tryScroll(20);
  }, [loc.pathname, loc.hash]);

  const handleSection = (id: string) => {
    setMenuOpen(false);
    navigate({ pathname: paths.home, hash: id === 'home' ? '' : id });
    if (id === 'home') window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="guest">
      <header className="guest-nav">
        <div className="guest-nav__inner">
          <Link to={paths.home} className="guest-nav__brand" aria-label="Parley">
            <Logo size={32} />
            <span>Parley</span>
          </Link>
          <nav className={`guest-nav__links${menuOpen ? ' is-open' : ''}`} aria-label={t('nav.label')}>
            {SECTIONS.map((s) => (
              <button
                key={s.id}
                type="button"
                className="guest-nav__link"
                onClick={() => handleSection(s.id)}
              >
                {t(s.key)}
              </button>
            ))}
          </nav>
          <div className="guest-nav__actions">
            <Link to={paths.messages} className="btn btn--primary guest-nav__try" data-testid="try-web">
              {t('nav.tryWeb')}
            </Link>
            <button
              type="button"
              className="icon-btn guest-nav__toggle"
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((v) => !v)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        </div>
      </header>
      <main className="guest-main">
        <Outlet />
      </main>
      <footer className="guest-footer">
        <div className="guest-footer__inner">
          <div className="guest-footer__brand">
            <Logo size={28} />
            <div>
              <strong>Parley</strong>
              <p>{t('footer.slogan')}</p>
            </div>
          </div>
          <nav className="guest-footer__links" aria-label={t('footer.legal')}>
            <NavLink to={paths.agreement}>{t('footer.agreement')}</NavLink>
            <NavLink to={paths.privacy}>{t('footer.privacy')}</NavLink>
            <NavLink to={paths.about}>{t('nav.about')}</NavLink>
            <Link to={paths.h5Level}>{t('footer.levels')}</Link>
          </nav>
          <address className="guest-footer__contact">
            <span>{t('footer.address')}</span>
            <span>{t('footer.phone')}</span>
            <span>
              {t('footer.emailLabel')} <a href="mailto:hello@parley.chat">hello@parley.chat</a>
            </span>
          </address>
          <div className="guest-footer__bottom">
            <span>
              © {new Date().getFullYear()} Parley · {t('footer.filing')}
            </span>
            <LanguageSelect />
          </div>
        </div>
      </footer>
    </div>
  );
}
