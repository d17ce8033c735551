import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { Step2Challenge } from '@parley/protocol';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { Logo } from '../../ui/Logo';
import { paths, safeRedirect } from '../../lib/paths';
import { loginNotice } from '../../lib/nav';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui/Spinner';
import { PasswordLoginForm } from './PasswordLoginForm';
import { RegisterForm } from './RegisterForm';
import { Step2Form } from './Step2Form';
import './login.css';

const QrLogin = lazy(() => import('./QrLogin'));

type Tab = 'phone' | 'id' | 'qr';
const TABS: Tab[] = ['phone', 'id', 'qr'];

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'public']);
  const [params] = useSearchParams();
  const token = useSession((s) => s.token);
  const [tab, setTab] = useState<Tab>('phone');
  const [mode, setMode] = useState<'login' | 'register'>(
    params.get('mode') === 'register' ? 'register' : 'login',
  );
  const [challenge, setChallenge] = useState<Step2Challenge | null>(null);
  const [notice, setNotice] = useState(() => loginNotice.take());

  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  let body;
  if (challenge) body = <Step2Form challenge={challenge} onBack={() => setChallenge(null)} />;
  else if (mode === 'register') body = <RegisterForm onSwitchToLogin={() => setMode('login')} />;
  else
    body = (
      <>
        <div className="tabs" role="tablist" aria-label={t('loginMethods')}>
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`tab-${k}`}
              aria-selected={tab === k}
              aria-controls={`panel-${k}`}
              className="tabs__tab"
              onClick={() => setTab(k)}
              data-testid={`tab-${k}`}
            >
              {t(`tabs.${k}`)}
            </button>
          ))}
        </div>
        <div className="auth-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'qr' ? (
            <Suspense fallback={<Spinner size={24} />}>
              <QrLogin />
            </Suspense>
          ) : (
            <PasswordLoginForm key={tab} mode={tab} onStep2={setChallenge} />
          )}
        </div>
        <p className="auth-switch">
          {t('noAccount')}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => setMode('register')}
            data-testid="to-register"
          >
            {t('toRegister')}
          </button>
        </p>
      </>
    );

  return (
    <div className="auth">
      <aside className="auth__brand">
        <Link to={paths.home} className="auth__logo">
          <Logo size={40} />
          <span>Parley</span>
        </Link>
        <div className="auth__pitch">
          <h1>{t('pitch.title')}</h1>
          <p>{t('pitch.text')}</p>
        </div>
        <ul className="auth__bullets">
          <li>{t('pitch.b1')}</li>
          <li>{t('pitch.b2')}</li>
          <li>{t('pitch.b3')}</li>
        </ul>
      </aside>
      <main className="auth__main">
        <div className="auth__top">
          <Link to={paths.home} className="auth__logo auth__logo--mobile">
            <Logo size={32} />
            <span>Parley</span>
          </Link>
          <LanguageSelect />
        </div>
        <div className="auth-card">
          <h2 className="auth-card__title">
            {mode === 'register' && !challenge ? t('registerTitle') : t('title')}
          </h2>
          <p className="auth-card__subtitle">
            {mode === 'register' && !challenge ? t('registerSubtitle') : t('subtitle')}
          </p>
          {notice && (
            <div className="auth-notice" role="alert" data-testid="login-notice">
              <span>{notice}</span>
              <button
                type="button"
                className="icon-btn"
                aria-label={t('common:close')}
                onClick={() => setNotice(null)}
              >
                ×
              </button>
            </div>
          )}
          {body}
        </div>
        <p className="auth__legal">
          <Link to={paths.agreement}>{t('public:footer.agreement')}</Link>
          <span aria-hidden="true"> · </span>
          <Link to={paths.privacy}>{t('public:footer.privacy')}</Link>
        </p>
      </main>
    </div>
  );
}
