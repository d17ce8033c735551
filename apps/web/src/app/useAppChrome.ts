import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCounters } from '../lib/useCounters';
import { fetchUserConfig, userConfigKey } from '../lib/user-config';
import { badgeText } from '../ui/Badge';

const BASE_TITLE = 'Parley';

/**
 * What the signed-in frame keeps up beside the screens: the tab title carries the unread total
 * ('(3) Parley', like the sidebar badge), and the user's config is loaded once so notifications
 * obey its switches from the first message on.
 */
export function useAppChrome(): void {
  const { unread } = useCounters();
  useEffect(() => {
    document.title = unread > 0 ? `(${badgeText(unread)}) ${BASE_TITLE}` : BASE_TITLE;
    return () => {
      document.title = BASE_TITLE;
    };
  }, [unread]);
  useQuery({ queryKey: userConfigKey, queryFn: fetchUserConfig, staleTime: 60_000 });
}
