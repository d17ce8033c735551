import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { ConfirmHost } from '../../ui/confirm';
import { useTabBarHidden } from '../../ui/useTabBar';
import { ProfileDrawer } from '../../features/profile/ProfileDrawer';
// Friends: live friend/tag updates, new-application notifications and the friend dialogs.
import { FriendsRoot } from '../../features/friends/FriendsRoot';
import { CommonGroupsSlot, RecommendSlot } from '../../features/friends';
import { CommonGroupsButton, GroupsRoot } from '../../features/groups';
// Calls: incoming calls ring on any page; the call and float windows.
import { CallRoot } from '../../features/calls';
// 推荐 from a profile card: the name-card picker; the sound and notification of a new message on
// every other screen.
import { RecommendButton, RecommendHost, useMessageAlertsAway } from '../../features/messages';
import { NetworkBanner } from '../NetworkBanner';
import { useAppChrome } from '../useAppChrome';
import { Sidebar } from './Sidebar';
import './app.css';

/**
 * Keeps the socket connected while a user is signed in; reconnects at once when the browser is back
 * online or the tab becomes visible (a tab displaced by newer ones waits for that).
 */
function useSocketLifecycle(token: string | null) {
  useEffect(() => {
    if (!token) return;
    socket.connect(token);
    const handleOnline = () => socket.nudge();
    const handleVisible = () => {
      if (document.visibilityState === 'visible') socket.nudge();
    };
    window.addEventListener('online', handleOnline);
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      window.removeEventListener('online', handleOnline);
      document.removeEventListener('visibilitychange', handleVisible);
      socket.disconnect();
    };
  }, [token]);
}

/**
 * The first Tab stop: jumps to the screen's main input when it marks one (`data-skip-target`, the
 * composer of an open chat), else to the main region.
 */
function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main"
      className="skip-link"
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById('main');
        (main?.querySelector<HTMLElement>('[data-skip-target]') ?? main)?.focus();
      }}
    >
      {t('skip')}
    </a>
  );
}

function Shell() {
  const tabBarHidden = useTabBarHidden();
  const token = useSession((s) => s.token);
  const setUser = useSession((s) => s.setUser);
  const [profileOpen, setProfileOpen] = useState(false);
  useSocketLifecycle(token);
  useAppChrome();
  useMessageAlertsAway(useSession((s) => s.user?.wtId ?? ''));

  // Refresh the stored user (nickname, avatar, member level may have changed elsewhere).
  const info = useQuery({
    queryKey: ['user', 'info'],
    queryFn: () => call('users', 'info'),
    enabled: !!token,
  });
  useEffect(() => {
    if (info.data) setUser(info.data);
  }, [info.data, setUser]);

  return (
    <div className={`app${tabBarHidden ? ' app--no-tabbar' : ''}`}>
      <SkipLink />
      <Sidebar onOpenProfile={() => setProfileOpen(true)} />
      <div className="app__main">
        <NetworkBanner />
        <main id="main" tabIndex={-1} className="app__content">
          <Outlet />
        </main>
      </div>
      <ProfileDrawer open={profileOpen} onOpenChange={setProfileOpen} />
      <ConfirmHost />
      <FriendsRoot />
      <GroupsRoot />
      <CallRoot />
      <RecommendHost />
    </div>
  );
}

/** Signed-in frame: sidebar (80 px), network banner and the routed screen. */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <CommonGroupsSlot.Provider value={CommonGroupsButton}>
        <RecommendSlot.Provider value={RecommendButton}>
          <Shell />
        </RecommendSlot.Provider>
      </CommonGroupsSlot.Provider>
    </QueryClientProvider>
  );
}
