import { lazy, Suspense } from 'react';
import { anyDialogOpen, useFriendDialogs } from './dialogs-store';
import { useFriendsRealtime } from './realtime';

const FriendDialogs = lazy(() => import('./FriendDialogs'));

/**
 * Mounted once by the app layout: the friends socket subscriptions (live lists, contacts badge
 * refresh, browser notification of new applications) and the host of the friend dialogs, which is
 * only downloaded when a dialog first opens.
 */
export function FriendsRoot() {
  useFriendsRealtime();
  const needed = useFriendDialogs(anyDialogOpen);
  return needed ? (
    <Suspense fallback={null}>
      <FriendDialogs />
    </Suspense>
  ) : null;
}
