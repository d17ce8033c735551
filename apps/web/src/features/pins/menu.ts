import type { Message, PinnedMessage } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { toast } from '../../ui/toast-store';
import { pinsApi, pinsKey } from './api';

/** What a message menu needs to offer 置顶 / 取消置顶. */
export interface PinAction {
  key: string;
  label: string;
  onSelect(): void;
}

/**
 * The message menu's 置顶 entry: pins with `abstract` as the bar's text when the server's
 * `can.pin` says so (one-to-one chats), or unpins a pinned message. `t` gives the labels of the
 * 'pins' namespace.
 */
export function pinMenuItem(
  m: Pick<Message, 'ID' | 'from' | 'conversationID' | 'can'>,
  abstract: string,
  t: (key: string) => string,
): PinAction | null {
  const conv = m.conversationID;
  const pins = queryClient.getQueryData<PinnedMessage[]>(pinsKey(conv)) ?? [];
  const pinned = pins.find((p) => p.msgId === m.ID);
  if (!pinned && !m.can.pin) return null;
  const put = (list: PinnedMessage[]) => queryClient.setQueryData(pinsKey(conv), list);
  return pinned
    ? {
        key: 'unpin',
        label: t('pins:unpin'),
        onSelect: () => void pinsApi.remove(pinned.id).then(put),
      }
    : {
        key: 'pin',
        label: t('pins:pin'),
        onSelect: () =>
          void pinsApi.add(conv, m.from, m.ID, abstract.slice(0, 200)).then((list) => {
            put(list);
            toast.success(t('pins:pinned'));
          }),
      };
}
