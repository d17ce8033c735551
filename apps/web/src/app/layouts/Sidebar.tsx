import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { memberLevel, useSession } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { LevelBadge } from '../../ui/LevelBadge';
import { paths } from '../../lib/paths';
import { navBadges, useCounters, useUnreadWhileAway } from '../../lib/useCounters';
import { SidebarMenu } from './SidebarMenu';

const ICONS = {
  messages:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17h0A1.5 1.5 0 0 1 4 15.5z',
  contacts:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.3-6 6.5-6s5.9 2.4 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2 .8 3.2 3 3.5 6',
  favorites: 'M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1z',
  moments: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 3v9l6.5 6.2M12 12L3.5 9.5M12 12l-3 8.5',
  member: 'M3.5 8l4.7 4.2L12 5l3.8 7.2L20.5 8l-1.8 10.5H5.3z',
} as const;

type NavKey = keyof typeof ICONS;
const NAV: { key: NavKey; to: string }[] = [
  { key: 'messages', to: paths.messages },
  { key: 'contacts', to: paths.contacts },
  { key: 'favorites', to: paths.favorites },
  { key: 'moments', to: paths.moments },
  { key: 'member', to: paths.member },
];

/** The 80 px app sidebar; a bottom tab bar on phones. */
export function Sidebar({ onOpenProfile }: { onOpenProfile(): void }) {
  const { t } = useTranslation('common');
  const user = useSession((s) => s.user);
  const badges = navBadges(useCounters());
  useUnreadWhileAway(user?.wtId ?? '');
  const level = memberLevel(user);

  return (
    <aside className="sidebar" data-testid="sidebar">
      <button type="button" className="sidebar__me" onClick={onOpenProfile} data-testid="sidebar-me">
        <Avatar src={user?.avatar} name={user?.nickName} size={40} decorative />
        <span className="sidebar__nick" title={user?.nickName} data-testid="sidebar-nick">
          {user?.nickName}
        </span>
        {/* The name read out is the visible nickname followed by what the button opens. */}
        <span className="sr-only">{t('menu.profile')}</span>
        {level !== null && <LevelBadge level={level} className="sidebar__level" />}
      </button>
      <nav className="sidebar__nav" aria-label={t('nav.label')}>
        {NAV.map((item) => {
          const count = item.key in badges ? badges[item.key as keyof typeof badges] : 0;
          return (
            <NavLink key={item.key} to={item.to} className="sidebar__item" data-testid={`nav-${item.key}`}>
              <span className="sidebar__icon">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    d={ICONS[item.key]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.7"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                </svg>
                <Badge count={count} className="sidebar__badge" label={t('nav.badge', { count })} />
              </span>
              <span className="sidebar__label">{t(`nav.${item.key}`)}</span>
            </NavLink>
          );
        })}
      </nav>
      <SidebarMenu onOpenProfile={onOpenProfile} />
    </aside>
  );
}
