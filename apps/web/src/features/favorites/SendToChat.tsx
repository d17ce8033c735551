import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@parley/protocol';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast-store';
import { messageOfFavorite } from './convert';

/** Excluded from pickers: system conversations, the helper and ids starting C2Cyx. */
const excluded = (id: string) => /^C2C(yx|administrator|system|@tim#)/i.test(id);

/** Sends favorites to one conversation (POST /message/send; entries without media are skipped). */
export async function sendFavorites(conversationID: string, list: Favorite[]): Promise<number> {
  let sent = 0;
  for (const f of list) {
    const msg = messageOfFavorite(f);
    if (!msg) continue;
    await call('messages', 'send', { conversationID, clientMsgId: crypto.randomUUID(), ...msg });
    sent += 1;
  }
  return sent;
}

/** Picks a conversation and sends the favorites there. */
export function SendToChat({ favorites, onClose }: { favorites: Favorite[]; onClose(): void }) {
  const { t } = useTranslation('favorites');
  const [busy, setBusy] = useState(false);
  const convs = useQuery({
    queryKey: ['favorites-send-targets'],
    queryFn: () => call('conversations', 'list', { cursor: 0, count: 100 }),
  });
  const rows = (convs.data?.conversations ?? []).filter((c) => !excluded(c.conversationID));
  const send = async (conversationID: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await sendFavorites(conversationID, favorites);
      toast.success(t('sent'));
      onClose();
    } catch (e) {
      toast.error(errorTextOf(e, t('sendFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('sendTo')} width={400}>
      <ul className="fav-popup__list" data-testid="favorites-targets">
        {rows.map((c) => (
          <li key={c.conversationID}>
            <button
              type="button"
              className="fav-popup__row"
              disabled={busy}
              data-testid="favorites-target"
              onClick={() => void send(c.conversationID)}
            >
              {c.remark || c.userProfile?.nick || c.conversationID}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
