import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../ui/icons';
import { Popover } from '../../ui/Popover';
import { friendDialogs } from './dialogs-store';

/**
 * The "+" of the messages and contacts list headers: 发起群聊 (visible but disabled until groups
 * exist) and 添加朋友 (opens the add-friend dialog). `testId` names the button; the menu and the
 * add-friend item are `${testId}-menu` and `${testId}-add-friend`.
 */
export function PlusMenu({ testId }: { testId: string }) {
  const { t } = useTranslation('friends');
  return (
    <Popover
      side="bottom"
      align="end"
      arrow={false}
      content={(close) => (
        <div className="menu" role="menu" data-testid={`${testId}-menu`}>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            disabled
            aria-disabled="true"
            title={t('plus.groupSoon')}
          >
            {t('plus.startGroup')}
            <span className="menu__soon">{t('plus.soon')}</span>
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            data-testid={`${testId}-add-friend`}
            onClick={() => {
              close();
              friendDialogs.openAddFriend();
            }}
          >
            {t('plus.addFriend')}
          </button>
        </div>
      )}
    >
      <button type="button" className="plus-btn" aria-label={t('plus.open')} data-testid={testId}>
        <PlusIcon />
      </button>
    </Popover>
  );
}
