import { HELPER_CONVERSATION_ID, type PinnedMessage } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';

export const pinsKey = (conversationID: string) => ['pins', conversationID] as const;
const peer = (conversationID: string) => conversationID.replace(/^C2C/, '');

/** Pins exist in one-to-one chats, not in the helper's. */
export const canPin = (conversationID: string) =>
  conversationID.startsWith('C2C') && conversationID !== HELPER_CONVERSATION_ID;

export const pinsApi = {
  list: (conversationID: string) => call('pins', 'list', { toUserWtId: peer(conversationID) }),
  add: (conversationID: string, senderWtId: string, msgId: string, msgContent: string) =>
    call('pins', 'add', { toUserWtId: peer(conversationID), senderWtId, msgId, msgContent }),
  remove: (id: number) => call('pins', 'remove', { id }),
};

/** The chat's pins, kept current by socket type 3 (either side pinned, unpinned, revoked or deleted). */
export function usePins(conversationID: string) {
  const qc = useQueryClient();
  useSocketEvent('3', (d) => qc.setQueryData(pinsKey(d.conversationID), d.list));
  return useQuery({
    queryKey: pinsKey(conversationID),
    queryFn: () => pinsApi.list(conversationID),
    enabled: canPin(conversationID),
    staleTime: 60_000,
  });
}

export function useSetPins() {
  const qc = useQueryClient();
  return (conversationID: string, list: PinnedMessage[]) => qc.setQueryData(pinsKey(conversationID), list);
}
