import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../features/auth/api';
import { changeLanguage, LANGUAGES } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { socket } from '../../lib/realtime';
import { getToken, useSession } from '../../lib/session';
import { confirm } from '../../ui/confirm';
import { Popover } from '../../ui/Popover';
import { LANGUAGE_NAMES } from '../../ui/LanguageSelect';
import { paths } from '../../lib/paths';

/** Sidebar menu: profile, settings, language (zh-CN / en / ja) and log out. */
export function SidebarMenu({ onOpenProfile }: { onOpenProfile(): void }) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();

  const handleLogout = async () => {
    const ok = await confirm({
      title: t('logout.title'),
      message: t('logout.message'),
      confirmText: t('logout.confirm'),
      danger: true,
    });
    if (!ok) return;
    // End the session here first, so calls still in flight when the server revokes the token are
    // recognised as stale instead of announcing an ended session on the login page.
    const token = getToken();
    socket.disconnect();
    useSession.getState().clear();
    queryClient.clear();
    navigate(paths.login, { replace: true });
    try {
      await authApi.logout(token);
    } catch {
      // Logging out locally is what matters; the server session expires on its own.
    }
  };

  return (
    <Popover
      side="right"
      align="end"
      content={(close) => (
        <div className="menu" role="menu" data-testid="app-menu">
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            onClick={() => {
              close();
              onOpenProfile();
            }}
            data-testid="menu-profile"
          >
            {t('menu.profile')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            onClick={() => {
              close();
              navigate(paths.settings);
            }}
            data-testid="menu-settings"
          >
            {t('menu.settings')}
          </button>
          <div className="menu__sep" />
          <div className="menu__label">{t('menu.language')}</div>
          {LANGUAGES.map((lng) => (
            <button
              key={lng}
              type="button"
              role="menuitemradio"
              aria-checked={i18n.language === lng}
              className="menu__item"
              onClick={() => {
                close();
                void changeLanguage(lng);
              }}
              data-testid={`menu-lang-${lng}`}
            >
              {LANGUAGE_NAMES[lng]}
            </button>
          ))}
          <div className="menu__sep" />
          <button
            type="button"
            role="menuitem"
            className="menu__item menu__item--danger"
            onClick={() => {
              close();
              void handleLogout();
            }}
            data-testid="menu-logout"
          >
            {t('menu.logout')}
          </button>
        </div>
      )}
    >
      <button type="button" className="sidebar__menu" aria-label={t('menu.open')} data-testid="menu-button">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </Popover>
  );
}
