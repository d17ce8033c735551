import { call } from '../../../lib/api';
import { ingest } from '../ingest';
import { useChatStore } from '../store';
import { revokedByAdmin } from './logic';

/** Receipt counts and administrator revokes applied to the held messages (docs/web.md "Group chat"). */

/** Marks every message of `wtId` up to `seq` revoked by an administrator in the held list. */
export function applyRevokeAll(conversationID: string, wtId: string, seq: number): void {
  const store = useChatStore.getState();
  const held = store.byConv[conversationID];
  if (!held) return;
  const changed = revokedByAdmin(
    held.messages.filter((m) => m.status === 'success'),
    wtId,
    seq,
  );
  if (changed.length)
    ingest(
      conversationID,
      changed.map((m) => ({ ...m, status: 'success' as const })),
      { from: 'patch' },
    );
}

/** Fresh read counts of own group messages (only the sender may ask), merged into the held list. */
export async function refreshReceipts(conversationID: string, messageIDs: string[]): Promise<void> {
  if (!messageIDs.length) return;
  const counts = await call(
    'groupMessages',
    'readReceipts',
    { conversationID, messageIDs },
    { silent: true },
  );
  const store = useChatStore.getState();
  const held = store.byConv[conversationID]?.messages ?? [];
  const byId = new Map(counts.map((c) => [c.messageID, c]));
  const changed = held.flatMap((m) => {
    const c = byId.get(m.ID);
    if (!c || m.status !== 'success') return [];
    const info = m.readReceiptInfo;
    if (info.readCount === c.readCount && info.unreadCount === c.unreadCount) return [];
    return [
      {
        ...m,
        status: 'success' as const,
        readReceiptInfo: { ...info, readCount: c.readCount, unreadCount: c.unreadCount },
      },
    ];
  });
  if (changed.length) ingest(conversationID, changed, { from: 'patch' });
}

/** An own group message just stored: its counts once the first readers had a moment. */
export function refreshSoon(conversationID: string, messageID: string, ms = 1000): void {
  setTimeout(() => void refreshReceipts(conversationID, [messageID]).catch(() => {}), ms);
}
