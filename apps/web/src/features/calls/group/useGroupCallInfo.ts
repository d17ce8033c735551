import type { GroupCallRecord } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useSocketEvent } from '../../../lib/realtime';
import { useCallStore } from '../store';

export const groupCallKey = (groupID: string) => ['calls', 'group', groupID] as const;

/**
 * The group's ongoing call (who is on it, its room), or null: loaded when the group opens or
 * changes and again whenever this tab's call is over (the record is only fetched while idle), then
 * kept current by the group's `call.group` pushes. A socket gap refetches it like every other query.
 */
export function useGroupCallInfo(groupID: string): GroupCallRecord | null {
  const client = useQueryClient();
  const idle = useCallStore((s) => s.phase === 'idle');
  const query = useQuery({
    queryKey: groupCallKey(groupID),
    queryFn: () =>
      call('calls', 'groupCallInfo', { groupID }, { silent: true }).then((answer) => answer.call),
    enabled: !!groupID && idle,
    staleTime: 0,
    retry: false,
  });
  useSocketEvent('call.group', (event) => {
    if (event.groupID === groupID) client.setQueryData(groupCallKey(groupID), event.call);
  });
  return query.data ?? null;
}
