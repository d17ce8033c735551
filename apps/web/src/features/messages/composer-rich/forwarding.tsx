import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useSession } from '../../../lib/session';
import { toast } from '../../../ui/toast-store';
import { favoriteOf, favoritesApi, messageOfFavorite } from '../../favorites';
import { ForwardHost, openForward, type ForwardTarget } from '../../forward';
import { isSystemSender, useFriends } from '../../friends';
import type { MenuItem } from '../ContextMenu';
import { useConversations } from '../conversations';
import { useChatStore } from '../store';
import { conversationName, peerOf, type ChatMessage } from '../types';
import { useMessagesUi } from '../ui-store';
import { sendPayload } from './rich-send';
import type { Favorite } from '@parley/protocol';

/**
 * The forward dialog of the chat window: every conversation except system ones, the helper
 * (official) account and ids starting C2Cyx. A sent forward ends multi-select.
 */
export function ChatForwardHost() {
  const list = useConversations();
  const friends = useFriends();
  const targets = useMemo<ForwardTarget[]>(() => {
    const official = new Set((friends.data ?? []).filter((f) => f.isOfficial === 1).map((f) => f.wtId));
    return (list.data ?? [])
      .filter((c) => {
        const peer = peerOf(c.conversationID);
        return c.type === 'GROUP' || (!isSystemSender(peer) && !official.has(peer));
      })
      .map((c) => ({
        conversationID: c.conversationID,
        name: conversationName(c),
        avatar: c.userProfile?.avatar ?? '',
      }));
  }, [list.data, friends.data]);
  return <ForwardHost targets={targets} onSent={() => useMessagesUi.getState().endSelect()} />;
}

/** 逐条转发 / 合并转发 of the selected messages ('未选择消息' when none). */
export function forwardSelected(
  conversationID: string,
  mode: 'single' | 'merged',
  t: TFunction,
  peerName: string,
) {
  const selected = useMessagesUi.getState().selected;
  const ids = (useChatStore.getState().byConv[conversationID]?.messages ?? [])
    .filter((m) => selected.has(m.ID) && m.status === 'success' && m.can.forward)
    .map((m) => m.ID);
  if (!ids.length) return void toast.info(t('forward:none'));
  const me = useSession.getState().user?.nickName ?? '';
  openForward({
    messageIDs: ids,
    mode,
    ...(mode === 'merged' ? { title: t('forward:recordTitle', { a: me, b: peerName }) } : {}),
  });
}

/** Extra items of a message's menu: 转发 (one message) and 收藏 (types that can be saved). */
export function richMenuItems(m: ChatMessage, t: TFunction): MenuItem[] {
  const items: MenuItem[] = [];
  if (m.can.forward)
    items.push({
      key: 'forward',
      label: t('forward:title'),
      onSelect: () => openForward({ messageIDs: [m.ID], mode: 'single' }),
    });
  const fav = favoriteOf(m);
  if (fav)
    items.push({
      key: 'favorite',
      label: t('favorites:title'),
      onSelect: () =>
        void favoritesApi.add(fav).then(
          () => toast.success(t('favorites:added')),
          () => {},
        ),
    });
  return items;
}

/** Sends picked favorites into the open conversation (entries without media or a name are skipped). */
export async function sendFavoritesHere(conversationID: string, list: Favorite[]): Promise<void> {
  for (const f of list) {
    const msg = messageOfFavorite(f);
    if (msg) await sendPayload(conversationID, msg.type as Parameters<typeof sendPayload>[1], msg.payload);
  }
}
