import { useTranslation } from 'react-i18next';
import { Popover } from '../../ui/Popover';
import { friendDialogs } from '../friends';
import { SearchField } from '../../ui/SearchField';
import { PlusIcon } from './icons';

/** Search box and the plus menu ('发起群聊', '添加朋友') at the top of the contacts column. */
export function ContactsHeader({ keyword, onKeyword }: { keyword: string; onKeyword(v: string): void }) {
  const { t } = useTranslation('contacts');
  return (
    <header className="ct-head">
      <SearchField
        value={keyword}
        onChange={onKeyword}
        label={t('search')}
        clearLabel={t('clear')}
        testId="contacts-search"
      />
      <Popover
        side="bottom"
        align="end"
        arrow={false}
        content={(close) => (
          <div className="menu" role="menu" data-testid="plus-menu">
            {/* Groups arrive with the groups issue; until then the entry is visible but disabled. */}
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              disabled
              aria-disabled="true"
              title={t('plus.groupSoon')}
            >
              {t('plus.startGroup')}
              <span className="ct-soon">{t('plus.soon')}</span>
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              onClick={() => {
                close();
                friendDialogs.openAddFriend();
              }}
              data-testid="plus-add-friend"
            >
              {t('plus.addFriend')}
            </button>
          </div>
        )}
      >
        <button type="button" className="ct-plus" aria-label={t('plus.open')} data-testid="contacts-plus">
          <PlusIcon />
        </button>
      </Popover>
    </header>
  );
}
