import { useVirtualRows } from '../../ui/useVirtualRows';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { useRovingFocus } from '../../ui/useRovingFocus';
import '../people-picker/picker.css';
import { EntryTile, type EntryIcon } from './icons';
import type { ListRow } from './rows';
import type { ContactsTab, ContactsView } from './view';

const HEIGHT: Record<ListRow['kind'], number> = { entry: 60, header: 30, friend: 60, footer: 48, empty: 96 };

export interface ContactsListProps {
  rows: readonly ListRow[];
  view: ContactsView;
  badges: Partial<Record<EntryIcon, number>>;
  onOpen(tab: ContactsTab, id?: string): void;
  /** The search keyword: a new search starts at the top. */
  resetKey?: string;
  /** Shown under the rows in the same scroll region (the empty state with next actions). */
  after?: ReactNode;
}

/** The virtualized contacts column (entries, letter headers, friends). */
export function ContactsList({ rows, view, badges, onOpen, resetKey, after }: ContactsListProps) {
  const { t } = useTranslation('contacts');
  const { scrollRef, virtualizer } = useVirtualRows({
    rows,
    size: (row) => HEIGHT[row?.kind ?? 'friend'],
    key: (row, i) => row?.key ?? i,
    overscan: 10,
    resetKey,
  });
  const roving = useRovingFocus<HTMLDivElement>('.ct-row', rowKey);
  return (
    <div ref={scrollRef} className="ct-scroll" data-testid="contacts-list">
      <div
        ref={roving.ref}
        {...roving.containerProps}
        role="list"
        aria-label={t('listLabel')}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return (
            <div
              key={v.key}
              className="ct-cell"
              role="listitem"
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
            >
              {row.kind === 'entry' && (
                <button
                  type="button"
                  className={`ct-row${view.tab === row.icon ? ' ct-row--active' : ''}`}
                  onClick={() => onOpen(row.icon)}
                  data-testid={`contacts-entry-${row.icon}`}
                >
                  <EntryTile icon={row.icon} />
                  <span className="ct-row__name">{t(`entry.${row.icon}`)}</span>
                  <Badge
                    count={badges[row.icon] ?? 0}
                    label={t('unread', { count: badges[row.icon] ?? 0 })}
                  />
                </button>
              )}
              {row.kind === 'header' && (
                <div className="list-letter" data-testid="contacts-letter">
                  {row.label}
                </div>
              )}
              {row.kind === 'friend' && (
                <button
                  type="button"
                  className={`ct-row${view.tab === 'friend' && view.id === row.friend.wtId ? ' ct-row--active' : ''}`}
                  onClick={() => onOpen('friend', row.friend.wtId)}
                  data-testid="contacts-friend"
                  data-wtid={row.friend.wtId}
                >
                  <Avatar
                    src={row.friend.avatar}
                    name={row.friend.remark || row.friend.nickName}
                    size={36}
                    decorative
                  />
                  <span className="ct-row__name">
                    {row.friend.remark || row.friend.nickName || row.friend.wtId}
                  </span>
                  {row.friend.isOfficial === 1 && (
                    <span className="pp-tag pp-tag--official">{t('official')}</span>
                  )}
                  {row.friend.ownerBlackStatus === 1 && <span className="ct-row__mark">{t('blacked')}</span>}
                </button>
              )}
              {row.kind === 'footer' && <div className="ct-footer">{t('count', { count: row.count })}</div>}
              {row.kind === 'empty' && <div className="ct-footer">{t('searchEmpty')}</div>}
            </div>
          );
        })}
      </div>
      {after}
    </div>
  );
}

const rowKey = (el: HTMLElement) => el.dataset.wtid ?? el.dataset.testid ?? '';
