import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { confirm } from '../../ui/confirm';
import { Empty } from '../../ui/Empty';
import { toast } from '../../ui/toast-store';
import { useRovingFocus } from '../../ui/useRovingFocus';
import { useVirtualRows } from '../../ui/useVirtualRows';
import { conversationOps } from './conversations';
import { ConversationRow } from './ConversationRow';
import { isHelperConversation } from '../helper';
import { useAddToGroup } from '../session-groups';
import { ContextMenu, type MenuAnchor, type MenuItem } from './ContextMenu';
import { ArchiveIcon } from './icons';
import { isArchived, isMarkedUnread } from './types';

export const ROW_HEIGHT = 64;

type Item = { kind: 'archive'; count: number; unread: number } | { kind: 'conversation'; c: Conversation };

/**
 * The conversation menu: pin, mute, archive, mark read, add to a tab, delete (with a confirmation).
 * The helper conversation is every account's for good and left out of pickers: it offers neither
 * 添加到分组 nor 删除.
 */
function useConversationMenu() {
  const { t } = useTranslation('messages');
  return useCallback(
    (c: Conversation): MenuItem[] => {
      const id = c.conversationID;
      const items: MenuItem[] = [
        {
          key: 'pin',
          label: c.isPinned ? t('menu.unpin') : t('menu.pin'),
          onSelect: () => void conversationOps.pin(id, !c.isPinned),
        },
        {
          key: 'mute',
          label: c.isMuted ? t('menu.unmute') : t('menu.mute'),
          onSelect: () => void conversationOps.mute(id, !c.isMuted),
        },
        {
          key: 'archive',
          label: isArchived(c) ? t('menu.unarchive') : t('menu.archive'),
          onSelect: () => {
            const fold = !isArchived(c);
            void conversationOps
              .archive([id], fold)
              .then(() => toast.success(fold ? t('archive.done') : t('archive.outDone')));
          },
        },
      ];
      // 标为已读 beside 标为未读: whichever the row is not.
      if (c.unreadCount > 0)
        items.push({ key: 'read', label: t('menu.read'), onSelect: () => void conversationOps.read(id) });
      else if (isMarkedUnread(c))
        items.push({
          key: 'read',
          label: t('menu.read'),
          onSelect: () => void conversationOps.markUnread(id, false),
        });
      else
        items.push({
          key: 'unread',
          label: t('menu.unread'),
          onSelect: () => void conversationOps.markUnread(id, true),
        });
      if (isHelperConversation(id)) return items;
      items.push({
        key: 'tab',
        label: t('menu.addToTab'),
        onSelect: () => useAddToGroup.getState().open(id),
      });
      items.push({
        key: 'remove',
        label: t('menu.remove'),
        danger: true,
        onSelect: async () => {
          const ok = await confirm({
            title: t('menu.removeTitle'),
            message: t('menu.removeText'),
            danger: true,
          });
          if (ok) await conversationOps.remove(id).then(() => toast.success(t('removed')));
        },
      });
      return items;
    },
    [t],
  );
}

/** The virtualized list of conversations (thousands stay smooth), with the archive entry first. */
export function ConversationList({
  list,
  archivedCount,
  archivedUnread = 0,
  openID,
  me,
  onOpen,
  onArchive,
  resetKey,
  loading = false,
}: {
  list: Conversation[];
  /** >0 shows the '已归档对话' entry at the top. */
  archivedCount: number;
  /** The unread of the archived conversations, on the entry (a dot and the count). */
  archivedUnread?: number;
  openID: string | null;
  me: string;
  onOpen(id: string): void;
  onArchive?(): void;
  resetKey?: unknown;
  /** Still loading: an empty list is not '空空如也' yet. */
  loading?: boolean;
}) {
  const { t } = useTranslation('messages');
  const items: Item[] = [
    ...(archivedCount > 0
      ? [{ kind: 'archive' as const, count: archivedCount, unread: archivedUnread }]
      : []),
    ...list.map((c) => ({ kind: 'conversation' as const, c })),
  ];
  const { scrollRef, virtualizer } = useVirtualRows<Item>({
    rows: items,
    size: () => ROW_HEIGHT,
    key: (it, i) => (it?.kind === 'conversation' ? it.c.conversationID : `archive-${i}`),
    resetKey,
  });
  const roving = useRovingFocus<HTMLDivElement>('.cv-row', (el) => el.dataset.id ?? '');
  const menuFor = useConversationMenu();
  const [menu, setMenu] = useState<{ c: Conversation; anchor: MenuAnchor } | null>(null);
  const onMenu = useCallback(
    (c: Conversation, x: number, y: number, keyboard?: boolean) => setMenu({ c, anchor: { x, y, keyboard } }),
    [],
  );
  const closeMenu = useCallback(() => setMenu(null), []);

  if (items.length === 0)
    return loading ? (
      <div className="cv-scroll" aria-busy="true" data-testid="conversation-list-loading" />
    ) : (
      <Empty />
    );
  return (
    <div className="cv-scroll" ref={scrollRef} data-testid="conversation-list">
      <div
        ref={roving.ref}
        {...roving.containerProps}
        role="list"
        aria-label={t('list')}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const it = items[v.index]!;
          return (
            <div
              key={v.key}
              role="listitem"
              className="cv-cell"
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
            >
              {it.kind === 'archive' ? (
                <button
                  type="button"
                  className="cv-row cv-row--archive"
                  data-id="archive"
                  data-testid="archive-entry"
                  onClick={onArchive}
                >
                  <span className="cv-row__avatar">
                    <span className="cv-tile">
                      <ArchiveIcon />
                    </span>
                    {it.unread > 0 && <span className="cv-dot" data-testid="archive-dot" />}
                  </span>
                  <span className="cv-row__main">
                    <span className="cv-row__name">{t('archive.entry')}</span>
                    {it.unread > 0 && (
                      <span className="cv-row__last" data-testid="archive-unread">
                        {t('unread', { count: it.unread })}
                      </span>
                    )}
                  </span>
                </button>
              ) : (
                <ConversationRow
                  c={it.c}
                  me={me}
                  active={it.c.conversationID === openID}
                  onOpen={onOpen}
                  onMenu={onMenu}
                />
              )}
            </div>
          );
        })}
      </div>
      {menu && (
        <ContextMenu
          anchor={menu.anchor}
          items={menuFor(menu.c)}
          label={t('menu.label')}
          onClose={closeMenu}
          testId="conversation-menu"
        />
      )}
    </div>
  );
}
