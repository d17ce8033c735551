import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCounters } from '../../lib/useCounters';
import { useFriends } from '../friends';
import { useDebounced } from '../../lib/useDebounced';
import { ContactsHeader } from './ContactsHeader';
import { ContactsList } from './ContactsList';
import { DetailPane } from './DetailPane';
import { GetStarted } from './GetStarted';
import { buildRows } from './rows';
import { usePinyin } from '../../lib/search';
import { useContactsView } from './view';
import './contacts.css';
import './panes/panes.css';

/** /contacts: the contacts column (entries and friends A–Z) and the detail pane. */
export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const [view, open] = useContactsView();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword, 150);
  const friends = useFriends();
  const counters = useCounters();
  const pinyin = usePinyin();
  // Friends are listed A–Z once the pinyin dictionary is here (no regrouping under the reader's eyes).
  const rows = useMemo(
    () => buildRows(pinyin ? (friends.data ?? []) : [], settled, t('searchResult')),
    [friends.data, settled, t, pinyin],
  );
  const badges = {
    new: counters.friendApplyUnread,
    notices: counters.joinApplyUnRead + counters.otherUnRead + counters.selfApplyUnRead,
  };

  return (
    <div className="contacts" data-testid="contacts-page">
      <h1 className="sr-only">{t('common:screens.contacts')}</h1>
      <div className={`contacts__list${view.tab ? ' contacts__list--behind' : ''}`}>
        <ContactsHeader keyword={keyword} onKeyword={setKeyword} />
        {friends.isError ? (
          <div className="ct-failed">
            <p>{t('loadFailed')}</p>
            <button type="button" className="btn" onClick={() => void friends.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <ContactsList
            rows={rows}
            view={view}
            badges={badges}
            onOpen={open}
            resetKey={settled}
            after={
              friends.data?.length === 0 && !settled.trim() ? <GetStarted variant="contacts" /> : undefined
            }
          />
        )}
      </div>
      <div className={`contacts__detail${view.tab ? ' contacts__detail--open' : ''}`}>
        <DetailPane view={view} onOpen={open} />
      </div>
    </div>
  );
}
