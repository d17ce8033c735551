import type { FriendInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../ui/confirm';
import { Popover } from '../../ui/Popover';
import { friendDialogs } from './dialogs-store';
import { useBlack, useDeleteFriend } from './mutations';
import { nameOf } from './text';

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="5" cy="12" r="1.7" fill="currentColor" />
      <circle cx="12" cy="12" r="1.7" fill="currentColor" />
      <circle cx="19" cy="12" r="1.7" fill="currentColor" />
    </svg>
  );
}

/** The friend settings menu: remark and tags, moments permission, blacklist, delete. */
export function FriendSettingsMenu({ info, onDone }: { info: FriendInfo; onDone?(): void }) {
  const { t } = useTranslation('friends');
  const black = useBlack();
  const remove = useDeleteFriend();
  const name = nameOf(info);
  const blocked = info.ownerBlackStatus === 1;

  // Blacklisting asks first (it stops their messages); taking someone off the list does not.
  const handleBlack = async () => {
    if (!blocked) {
      const ok = await confirm({
        title: t('black.title'),
        message: t('black.message', { name }),
        confirmText: t('black.confirm'),
        danger: true,
      });
      if (!ok) return;
    }
    black.mutate({ wtId: info.wtId, black: !blocked });
  };
  const handleDelete = async () => {
    const ok = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { name }),
      confirmText: t('delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(info.wtId, { onSuccess: () => onDone?.() });
  };

  return (
    <Popover
      side="bottom"
      align="end"
      arrow={false}
      content={(close) => {
        const run = (fn: () => void) => () => {
          close();
          fn();
        };
        return (
          <div className="menu" role="menu" data-testid="friend-menu">
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={run(() => friendDialogs.openRemarkTags(info.wtId))}
              data-testid="menu-remark"
            >
              {t('menu.remarkTags')}
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={run(() => friendDialogs.openMoments(info.wtId))}
              data-testid="menu-moments"
            >
              {t('menu.moments')}
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={run(() => friendDialogs.openReport(info.wtId, name))}
              data-testid="menu-report"
            >
              {t('menu.report')}
            </button>
            <div className="menu__sep" />
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={run(() => void handleBlack())}
              data-testid="menu-black"
            >
              {blocked ? t('menu.unblack') : t('menu.black')}
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu__item menu__item--danger"
              onClick={run(() => void handleDelete())}
              data-testid="menu-delete"
            >
              {t('menu.delete')}
            </button>
          </div>
        );
      }}
    >
      <button type="button" className="icon-btn" aria-label={t('menu.open')} data-testid="friend-menu-button">
        <MoreIcon />
      </button>
    </Popover>
  );
}
