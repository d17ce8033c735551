import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { useDebounced } from '../../lib/useDebounced';
import { Popover } from '../../ui/Popover';
import { badgeText } from '../../ui/Badge';
import { SearchField } from '../../ui/SearchField';
import { toast } from '../../ui/toast-store';
import { conversationOps } from './conversations';
import { ConversationList } from './ConversationList';
import { BackIcon, ChevronDownIcon } from './icons';
import { PlusMenu } from '../friends';
import { groupDialogs } from '../groups';
import {
  archivedConversations,
  archiveUnread,
  TABS,
  tabUnread,
  unreadTotal,
  visibleConversations,
} from './list-logic';
import { useMessagesUi } from './ui-store';
import {
  AddToGroupMenu,
  CustomTabButtons,
  CustomTabMenuItems,
  inSessionGroup,
  ManageGroupsDialog,
  useCustomTab,
  useCustomTabRows,
} from '../session-groups';

// The matcher (with its pinyin tables) loads on the first search, not with the screen.
const SearchResults = lazy(() => import('./SearchResults'));

/** The left column: search, tabs with their unread dropdown, the list or the archive view. */
export function ConversationPanel({
  conversations,
  openID,
  me,
  onOpen,
  loading = false,
}: {
  conversations: Conversation[];
  openID: string | null;
  me: string;
  onOpen(id: string): void;
  /** The list (or what decides the first screen) is still loading. */
  loading?: boolean;
}) {
  const { t } = useTranslation('messages');
  const { tab, setTab, archiveOpen, setArchiveOpen } = useMessagesUi();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword, 150);
  const visible = useMemo(() => visibleConversations(conversations, tab, me), [conversations, tab, me]);
  const archived = useMemo(() => archivedConversations(conversations), [conversations]);
  const unread = useMemo(() => tabUnread(conversations, me), [conversations, me]);
  const archivedUnread = useMemo(() => archiveUnread(conversations), [conversations]);
  const searching = settled.trim() !== '';
  const customRows = useCallback((l: readonly Conversation[]) => visibleConversations(l, 'all', me), [me]);
  const custom = useCustomTabRows(conversations, customRows);
  const openCustom = useCustomTab((s) => s.open);
  const [managing, setManaging] = useState(false);
  const pickTab = (k: (typeof TABS)[number]) => {
    setTab(k);
    openCustom(null);
  };

  const moveAllOut = async () => {
    await conversationOps.archive([], false);
    toast.success(t('archive.moveAllDone'));
    setArchiveOpen(false);
  };

  return (
    <>
      <header className="cv-head">
        <SearchField
          value={keyword}
          onChange={setKeyword}
          label={t('search')}
          clearLabel={t('clear')}
          testId="conversation-search"
        />
        <PlusMenu testId="messages-plus" onStartGroup={groupDialogs.startGroup} />
      </header>
      {searching ? (
        <Suspense fallback={<div className="cv-scroll" />}>
          <SearchResults keyword={settled} conversations={conversations} onOpen={onOpen} />
        </Suspense>
      ) : archiveOpen ? (
        <>
          <div className="cv-archive-head">
            <button
              type="button"
              className="cv-icon-btn"
              aria-label={t('archive.back')}
              data-testid="archive-back"
              onClick={() => setArchiveOpen(false)}
            >
              <BackIcon />
            </button>
            <h2 className="cv-archive-title">{t('archive.title')}</h2>
            {archived.length > 0 && (
              <button
                type="button"
                className="cv-link"
                data-testid="archive-move-all"
                onClick={() => void moveAllOut()}
              >
                {t('archive.moveAll')}
              </button>
            )}
          </div>
          <ConversationList
            list={archived}
            archivedCount={0}
            openID={openID}
            me={me}
            onOpen={onOpen}
            resetKey="archive"
          />
        </>
      ) : (
        <>
          <div className="cv-tabs">
            <div className="cv-tabs__list" role="tablist" aria-label={t('tabs.label')}>
              {TABS.map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={!custom.group && tab === k}
                  className={`cv-tab${!custom.group && tab === k ? ' cv-tab--active' : ''}`}
                  data-testid={`tab-${k}`}
                  onClick={() => pickTab(k)}
                >
                  {t(`tabs.${k}`)}
                </button>
              ))}
              <CustomTabButtons groups={custom.shown} />
            </div>
            <Popover
              side="bottom"
              align="end"
              arrow={false}
              content={(close) => (
                <div className="menu" role="menu" data-testid="tab-menu">
                  {TABS.map((k) => (
                    <button
                      key={k}
                      type="button"
                      role="menuitem"
                      className="menu__item cv-tabmenu__item"
                      onClick={() => {
                        pickTab(k);
                        close();
                      }}
                    >
                      <span>{t(`tabs.${k}`)}</span>
                      {unread[k] > 0 && (
                        <span className="cv-tabmenu__count" data-testid={`tab-unread-${k}`}>
                          {badgeText(unread[k])}
                        </span>
                      )}
                    </button>
                  ))}
                  <CustomTabMenuItems
                    groups={custom.shown}
                    unreadOf={(g) => unreadTotal(inSessionGroup(conversations, g))}
                    close={close}
                    onManage={() => setManaging(true)}
                  />
                </div>
              )}
            >
              <button
                type="button"
                className="cv-icon-btn cv-tabs__more"
                aria-label={t('tabs.more')}
                data-testid="tab-more"
              >
                <ChevronDownIcon />
              </button>
            </Popover>
          </div>
          <ConversationList
            list={custom.list ?? visible}
            archivedCount={!custom.group && tab === 'all' ? archived.length : 0}
            archivedUnread={archivedUnread}
            openID={openID}
            me={me}
            onOpen={onOpen}
            onArchive={() => setArchiveOpen(true)}
            resetKey={custom.group ? `custom-${custom.group.id}` : tab}
            loading={loading}
          />
        </>
      )}
      <ManageGroupsDialog open={managing} onOpenChange={setManaging} conversations={conversations} />
      <AddToGroupMenu />
    </>
  );
}
