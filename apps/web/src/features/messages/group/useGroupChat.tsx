import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '@parley/protocol';
import { call } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { useFriends } from '../../friends';
import { useGroupInfo, useGroupMembers } from '../../groups';
import { messageActions } from '../actions';
import type { MenuItem } from '../ContextMenu';
import { getConversation } from '../conversations';
import { useChatStore } from '../store';
import type { ChatMessage } from '../types';
import { groupNumberOf, isGroupID, memberName, receiptsToRefresh, type GroupMessage } from './logic';
import { ReadPanel } from './ReadPanel';
import { applyRevokeAll, refreshReceipts } from './receipts';

export interface GroupChat {
  group: boolean;
  /** remark > group nickname > nick of another member's message. */
  senderName(m: ChatMessage): string;
  /** Managers' revoke items for someone else's message. */
  menuItems(m: ChatMessage): MenuItem[];
  onReceipt(m: ChatMessage): void;
  /** The sender among the loaded members (first page), for the member popup. */
  memberOf(m: ChatMessage): GroupMember | undefined;
  groupName: string;
  /** The Read/Unread panel while open. */
  panel: ReactNode;
}

/** The group side of the message list (docs/web.md "Group chat"). */
export function useGroupChat(conversationID: string): GroupChat {
  const { t } = useTranslation('groupChat');
  const group = isGroupID(conversationID);
  const groupNumber = group ? groupNumberOf(conversationID) : null;
  const info = useGroupInfo(groupNumber);
  const members = useGroupMembers(groupNumber, '', group && !!info.data);
  const friends = useFriends();
  const me = useSession((s) => s.user?.wtId ?? '');
  const [receiptFor, setReceiptFor] = useState<string | null>(null);

  const remarks = useMemo(() => {
    const map = new Map<string, string>();
    for (const f of friends.data ?? []) if (f.remark) map.set(f.wtId, f.remark);
    return map;
  }, [friends.data]);
  const byWtId = useMemo(() => {
    const map = new Map<string, GroupMember>();
    for (const m of members.data?.rows ?? info.data?.groupchatMemberList ?? []) map.set(m.wtId, m);
    return map;
  }, [members.data, info.data]);
  const memberOf = useCallback((m: ChatMessage) => byWtId.get(m.from), [byWtId]);

  const senderName = useCallback(
    (m: ChatMessage) =>
      memberName({
        userID: m.from,
        remark: remarks.get(m.from),
        nameCard: (m as GroupMessage).nameCard,
        nick: m.nick,
      }),
    [remarks],
  );

  const menuItems = (m: ChatMessage): MenuItem[] => {
    if (!group || !groupNumber || m.from === me || m.status !== 'success') return [];
    // The server answers, with each member, whether the caller may act over them (revoke included).
    if (!byWtId.get(m.from)?.can.manage) return [];
    const name = senderName(m);
    return [
      { key: 'adminRevoke', label: t('menu.revoke'), onSelect: () => void messageActions.revoke(m) },
      {
        key: 'adminRevokeAll',
        label: t('menu.revokeAll', { name }),
        danger: true,
        onSelect: () =>
          void (async () => {
            if (!(await confirm({ title: t('menu.revokeAllConfirm', { name }), danger: true }))) return;
            const seq = Math.max(getConversation(conversationID)?.lastSequence ?? 0, m.sequence);
            await call('groupMessages', 'revokeAll', { groupNumber, wtId: m.from, seq });
            applyRevokeAll(conversationID, m.from, seq);
            toast.success(t('menu.revokeAllDone'));
          })(),
      },
    ];
  };

  const open = useChatStore((s) =>
    receiptFor ? s.byConv[conversationID]?.messages.find((m) => m.ID === receiptFor) : undefined,
  );
  const panel = open ? <ReadPanel m={open} onClose={() => setReceiptFor(null)} /> : null;
  const onReceipt = useCallback(
    (m: ChatMessage) => {
      setReceiptFor(m.ID);
      void refreshReceipts(conversationID, [m.ID]);
    },
    [conversationID],
  );
  // Counts move while the chat is closed: once the server's latest page is in, ask for them.
  const loaded = useChatStore((st) => st.byConv[conversationID]?.source === 'server');
  useEffect(() => {
    if (!group || !loaded) return;
    const held = useChatStore.getState().byConv[conversationID]?.messages ?? [];
    void refreshReceipts(conversationID, receiptsToRefresh(held, Number.MAX_SAFE_INTEGER)).catch(() => {});
  }, [group, loaded, conversationID]);

  // Own messages whose counts were never asked (older pages, echoes): ask once.
  const uncounted = useChatStore((st) =>
    group ? uncountedIDs(st.byConv[conversationID]?.messages ?? []).join(',') : '',
  );
  useEffect(() => {
    if (uncounted) void refreshReceipts(conversationID, uncounted.split(',')).catch(() => {});
  }, [uncounted, conversationID]);

  return { group, senderName, menuItems, onReceipt, panel, memberOf, groupName: info.data?.name ?? '' };
}

/** Own stored receipt messages with no counts yet (0 read, 0 unread), latest 100. */
function uncountedIDs(list: readonly ChatMessage[]): string[] {
  const ids: string[] = [];
  for (const m of list)
    if (
      m.flow === 'out' &&
      m.status === 'success' &&
      m.needReadReceipt &&
      !m.isRevoked &&
      m.readReceiptInfo.readCount === 0 &&
      m.readReceiptInfo.unreadCount === 0
    )
      ids.push(m.ID);
  return ids.slice(-100);
}
