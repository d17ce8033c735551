import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, SessionGroup } from '@parley/protocol';
import { badgeText } from '../../ui/Badge';
import { useSessionGroups } from './api';
import { inSessionGroup, shownGroups } from './logic';
import { useCustomTab } from './tab-store';

/**
 * The open custom tab's rows, or null while a built-in tab is open. A tab that was hidden or
 * deleted (here or in another tab of the browser) falls back to the built-in tabs.
 */
export function useCustomTabRows(
  conversations: readonly Conversation[],
  rows: (list: readonly Conversation[]) => Conversation[],
): { group: SessionGroup | null; list: Conversation[] | null; shown: SessionGroup[] } {
  const { data: groups = [] } = useSessionGroups();
  const id = useCustomTab((s) => s.id);
  const shown = useMemo(() => shownGroups(groups), [groups]);
  const group = shown.find((g) => g.id === id) ?? null;
  const list = useMemo(
    () => (group ? rows(inSessionGroup(conversations, group)) : null),
    [group, conversations, rows],
  );
  return { group, list, shown };
}

/** The custom tabs after 群聊 in the tab strip. */
export function CustomTabButtons({ groups }: { groups: SessionGroup[] }) {
  const { id, open } = useCustomTab();
  return (
    <>
      {groups.map((g) => (
        <button
          key={g.id}
          type="button"
          role="tab"
          aria-selected={id === g.id}
          className={`cv-tab${id === g.id ? ' cv-tab--active' : ''}`}
          data-testid="tab-custom"
          data-name={g.groupName}
          onClick={() => open(g.id)}
        >
          {g.groupName}
        </button>
      ))}
    </>
  );
}

/** The custom tabs in the tab dropdown, with their unread counts (99+), and the 管理分组 entry. */
export function CustomTabMenuItems({
  groups,
  unreadOf,
  close,
  onManage,
}: {
  groups: SessionGroup[];
  unreadOf(g: SessionGroup): number;
  close(): void;
  onManage(): void;
}) {
  const { t } = useTranslation('sessionGroups');
  const open = useCustomTab((s) => s.open);
  return (
    <>
      {groups.map((g) => {
        const n = unreadOf(g);
        return (
          <button
            key={g.id}
            type="button"
            role="menuitem"
            className="menu__item cv-tabmenu__item"
            data-testid="tab-menu-custom"
            onClick={() => {
              open(g.id);
              close();
            }}
          >
            <span>{g.groupName}</span>
            {n > 0 && <span className="cv-tabmenu__count">{badgeText(n)}</span>}
          </button>
        );
      })}
      <button
        type="button"
        role="menuitem"
        className="menu__item cv-tabmenu__item cv-tabmenu__manage"
        data-testid="tab-menu-manage"
        onClick={() => {
          close();
          onManage();
        }}
      >
        {t('manage')}
      </button>
    </>
  );
}
