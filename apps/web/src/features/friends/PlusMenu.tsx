import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../ui/icons';
import { Popover } from '../../ui/Popover';
import { friendDialogs } from './dialogs-store';

/**
 * The "+" of the messages and contacts list headers: 发起群聊 (`onStartGroup`, the groups feature's
 * picker) and 添加朋友 (opens the add-friend dialog). `testId` names the button; the menu and its
 * items are `${testId}-menu`, `${testId}-start-group` and `${testId}-add-friend`.
 */
export function PlusMenu({ testId, onStartGroup }: { testId: string; onStartGroup(): void }) {
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
            data-testid={`${testId}-start-group`}
            onClick={() => {
              close();
              onStartGroup();
            }}
          >
            {t('plus.startGroup')}
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
