import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { go } from '../../lib/nav';
import { useSocketEvent } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { dropFriend, patchFriend } from './cache';
import { friendKeys, tagKeys } from './keys';
import { notifyApplication } from './notify';

/**
 * Live updates of the friends domain: socket events refresh the cached lists so both sides see
 * applications, new friends, deletions, remarks, tags and blacklist changes without a reload.
 * Mounted once by the app layout (so notifications work on every screen).
 */
export function useFriendsRealtime(): void {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');

  useSocketEvent('friend.apply', (app) => {
    void qc.invalidateQueries({ queryKey: friendKeys.applies('in') });
    void qc.invalidateQueries({ queryKey: friendKeys.info(app.userID) });
    notifyApplication(
      app,
      {
        title: t('notify.title'),
        body: t('notify.body', { name: app.nick || app.userID, reason: app.wording }),
      },
      () => go(`${paths.contacts}?tab=new`),
    );
  });
  useSocketEvent('friend.apply.updated', (app) => {
    void qc.invalidateQueries({ queryKey: friendKeys.applies() });
    void qc.invalidateQueries({ queryKey: friendKeys.info(app.userID) });
  });
  useSocketEvent('friend.added', (item) => {
    patchFriend(qc, item);
    void qc.invalidateQueries({ queryKey: friendKeys.applies() });
  });
  useSocketEvent('friend.deleted', ({ wtId }) => dropFriend(qc, wtId));
  useSocketEvent('friend.updated', (item) => {
    patchFriend(qc, item);
    void qc.invalidateQueries({ queryKey: tagKeys.usersAll() });
  });
  useSocketEvent('friend.black', ({ friendWtId }) => {
    void qc.invalidateQueries({ queryKey: friendKeys.black() });
    void qc.invalidateQueries({ queryKey: friendKeys.info(friendWtId) });
    void qc.invalidateQueries({ queryKey: friendKeys.list() });
  });
  useSocketEvent('tags.updated', ({ tags }) => {
    qc.setQueryData(tagKeys.list(), tags);
    void qc.invalidateQueries({ queryKey: tagKeys.usersAll() });
    void qc.invalidateQueries({ queryKey: tagKeys.ofAll() });
  });
  useSocketEvent('counters.updated', (c) => {
    // Another tab read the applications, or a new one came: the 新的朋友 list follows the badge.
    if (typeof c.friendApplyUnread === 'number')
      void qc.invalidateQueries({ queryKey: friendKeys.applies('in') });
  });
  useSocketEvent('user.updated', (user) => {
    const s = useSession.getState();
    if (s.user && s.user.wtId === user.wtId) s.setUser({ ...s.user, ...user });
  });
}

/** Renders nothing; mounts the friends subscriptions. */
export function FriendsRealtime(): null {
  useFriendsRealtime();
  return null;
}
