import { useTranslation } from 'react-i18next';
import { SearchField } from '../../ui/SearchField';
import { PlusMenu } from '../friends';
import { groupDialogs } from '../groups';

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
      <PlusMenu testId="contacts-plus" onStartGroup={groupDialogs.startGroup} />
    </header>
  );
}
