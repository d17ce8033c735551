import { useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FriendApplyStatus, type FriendApplication, type Page } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useCounters } from '../../../lib/useCounters';
import { useFormatTime } from '../../../lib/i18n';
import { Empty } from '../../../ui/Empty';
import { Spinner } from '../../../ui/Spinner';
import { useRovingFocus } from '../../../ui/useRovingFocus';
import {
  friendsApi,
  useHandleApply,
  notificationPermission,
  requestNotificationPermission,
  type NotifyPermission,
  ProfileAvatar,
  useApplications,
} from '../../friends';
import { PaneFrame } from './PaneFrame';

const SOURCE_KEYS = { 1: 'searchId', 2: 'searchPhone', 3: 'scan', 4: 'card', 5: 'group' } as const;
const STATUS_KEYS = {
  [FriendApplyStatus.pending]: 'pending',
  [FriendApplyStatus.accepted]: 'accepted',
  [FriendApplyStatus.rejected]: 'rejected',
  [FriendApplyStatus.expired]: 'expired',
} as const;

/**
 * The loaded pages as one list. Pages are offsets into a list that moves (a new or renewed application
 * goes to the top between two page loads), so a row can come twice: the first, newer copy wins.
 */
function uniqueById(pages: readonly Page<FriendApplication>[] | undefined): FriendApplication[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) => page.rows.filter((app) => !seen.has(app.id) && seen.add(app.id)));
}

const applyKey = (el: HTMLElement) => el.dataset.key ?? '';

/** 新的朋友: received applications (accept / reject, with status) and the ones I sent. */
export function NewFriendsPane({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('contacts');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const list = useApplications(direction);
  const rows = useMemo(() => uniqueById(list.data?.pages), [list.data]);
  const unread = useCounters().friendApplyUnread;
  const markRead = useMutation({ mutationFn: () => friendsApi.markApplyRead() });
  const { mutate: mark } = markRead;
  // One Tab stop for the list; arrow keys move between applications.
  const roving = useRovingFocus<HTMLUListElement>('.ct-apply', applyKey);

  // Looking at the list reads it: the contacts badge drops on every tab (the server pushes counters).
  useEffect(() => {
    if (unread > 0) mark();
  }, [unread, mark]);

  return (
    <PaneFrame
      title={t('entry.new')}
      onBack={onBack}
      toolbar={
        <>
          <NotifyBanner />
          <div className="tabs ct-tabs" role="tablist">
            {(['in', 'out'] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="tab"
                aria-selected={direction === d}
                className="tabs__tab"
                onClick={() => setDirection(d)}
                data-testid={`apply-tab-${d}`}
              >
                {t(`applies.${d}`)}
              </button>
            ))}
          </div>
        </>
      }
    >
      {list.isLoading ? (
        <div className="ct-loading">
          <Spinner size={20} />
        </div>
      ) : !rows.length ? (
        <Empty text={t(direction === 'in' ? 'applies.emptyIn' : 'applies.emptyOut')} />
      ) : (
        <>
          <ul
            ref={roving.ref}
            {...roving.containerProps}
            className="ct-applies"
            aria-label={t(`applies.${direction}`)}
            data-testid="apply-list"
          >
            {rows.map((app) => (
              <ApplicationRow key={`${app.direction}:${app.id}`} app={app} />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="link-btn ct-more"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              data-testid="apply-more"
            >
              {list.isFetchingNextPage ? <Spinner size={12} /> : t('common:more')}
            </button>
          )}
        </>
      )}
    </PaneFrame>
  );
}

function ApplicationRow({ app }: { app: FriendApplication }) {
  const { t } = useTranslation('contacts');
  const formatTime = useFormatTime();
  const handle = useHandleApply();
  const pending = app.status === FriendApplyStatus.pending;
  return (
    <li
      className="ct-apply"
      aria-labelledby={`apply-${app.direction}-${app.id}`}
      data-testid="apply-row"
      data-key={`${app.direction}:${app.id}`}
      data-wtid={app.userID}
      data-status={app.status}
    >
      <ProfileAvatar wtId={app.userID} name={app.nick} avatar={app.avatar} size={44} />
      <div className="ct-apply__main">
        <div className="ct-apply__name" id={`apply-${app.direction}-${app.id}`}>
          {app.nick || app.userID}
        </div>
        <div className="ct-apply__reason" data-testid="apply-row-reason">
          {app.wording || t(app.direction === 'out' ? 'applies.noReasonOut' : 'applies.noReason')}
        </div>
        <div className="ct-apply__meta">
          {t('applies.meta', {
            source: t(`applies.source.${SOURCE_KEYS[app.source] ?? 'searchId'}`),
            time: formatTime(app.updateTime),
          })}
        </div>
      </div>
      <div className="ct-apply__side">
        {pending && app.direction === 'in' ? (
          <>
            <button
              type="button"
              className="btn ct-btn-sm"
              disabled={handle.isPending}
              onClick={() => handle.mutate({ wtId: app.userID, accept: false })}
              data-testid="apply-reject"
            >
              {t('applies.reject')}
            </button>
            <button
              type="button"
              className="btn btn--primary ct-btn-sm"
              disabled={handle.isPending}
              onClick={() => handle.mutate({ wtId: app.userID, accept: true })}
              data-testid="apply-accept"
            >
              {handle.isPending && <Spinner size={12} />}
              {t('applies.accept')}
            </button>
          </>
        ) : (
          <span className="ct-apply__status" data-testid="apply-status">
            {t(`applies.status.${app.direction === 'out' && pending ? 'waiting' : STATUS_KEYS[app.status]}`)}
          </span>
        )}
      </div>
    </li>
  );
}

/** Offers desktop notifications for new applications while the permission is not decided yet. */
function NotifyBanner() {
  const { t } = useTranslation('contacts');
  const [permission, setPermission] = useState<NotifyPermission>(notificationPermission);
  if (permission !== 'default') return null;
  return (
    <div className="ct-banner" data-testid="notify-banner">
      <span>{t('notify.offer')}</span>
      <button
        type="button"
        className="link-btn"
        onClick={() => void requestNotificationPermission().then(setPermission)}
      >
        {t('notify.enable')}
      </button>
    </div>
  );
}
