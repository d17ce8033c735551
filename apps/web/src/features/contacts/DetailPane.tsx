import { useTranslation } from 'react-i18next';
import { ProfileCard } from '../friends';
import { BlacklistPane } from './panes/BlacklistPane';
import { GroupNoticesPane, GroupsPane } from './panes/GroupPanes';
import { NewFriendsPane } from './panes/NewFriendsPane';
import { PaneFrame } from './panes/PaneFrame';
import { TagsPane } from './panes/TagsPane';
import type { ContactsTab, ContactsView } from './view';

/** The right side of /contacts: whatever the column selected. */
export function DetailPane({
  view,
  onOpen,
}: {
  view: ContactsView;
  onOpen(tab: ContactsTab | null, id?: string | null): void;
}) {
  const { t } = useTranslation('contacts');
  const back = () => onOpen(null);
  switch (view.tab) {
    case 'new':
      return <NewFriendsPane onBack={back} />;
    case 'notices':
      return <GroupNoticesPane onBack={back} />;
    case 'groups':
      return <GroupsPane onBack={back} />;
    case 'tags':
      return (
        <TagsPane
          tagId={view.id ? Number(view.id) : null}
          onSelect={(id) => onOpen('tags', id === null ? null : String(id))}
          onBack={back}
        />
      );
    case 'black':
      return <BlacklistPane onBack={back} />;
    case 'friend':
      return view.id ? (
        <PaneFrame title={t('entry.friend')} onBack={back} bare>
          <div className="ct-profile">
            <ProfileCard key={view.id} wtId={view.id} layout="pane" onClose={back} />
          </div>
        </PaneFrame>
      ) : null;
    default:
      return (
        <div className="ct-placeholder" data-testid="contacts-placeholder">
          <svg viewBox="0 0 24 24" width="72" height="72" aria-hidden="true">
            <path
              d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.3-6 6.5-6s5.9 2.4 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c2 .8 3.2 3 3.5 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p>{t('placeholder')}</p>
        </div>
      );
  }
}
