import type { SessionGroup } from '@parley/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';

export const sessionGroupsKey = ['sessionGroups'] as const;

export interface RelationRef {
  sessionType: 0 | 1;
  relationId: string;
}

export const sessionGroupsApi = {
  list: () => call('sessionGroups', 'list'),
  add: (groupName: string, relationList: RelationRef[]) =>
    call('sessionGroups', 'add', { groupName, relationList }),
  update: (id: number, groupName: string, relationList: RelationRef[]) =>
    call('sessionGroups', 'update', { id, groupName, relationList }),
  hide: (id: number, hideStatus: 0 | 1) => call('sessionGroups', 'hide', { id, hideStatus }),
  sort: (ids: number[]) => call('sessionGroups', 'sort', { ids }),
  remove: (ids: number[]) => call('sessionGroups', 'remove', { ids }),
};

/** The user's custom tabs, kept current by the server's 'sessionGroups.updated' pushes. */
export function useSessionGroups() {
  const qc = useQueryClient();
  useSocketEvent('sessionGroups.updated', ({ groups }) => qc.setQueryData(sessionGroupsKey, groups));
  return useQuery({ queryKey: sessionGroupsKey, queryFn: sessionGroupsApi.list, staleTime: 60_000 });
}

export function useSetSessionGroups() {
  const qc = useQueryClient();
  return (list: SessionGroup[]) => qc.setQueryData(sessionGroupsKey, list);
}

/** The conversationID of a relation, as the conversation list names it. */
export const relationRef = (conversationID: string): RelationRef =>
  conversationID.startsWith('GROUP')
    ? { sessionType: 1, relationId: conversationID.slice(5) }
    : { sessionType: 0, relationId: conversationID.replace(/^C2C/, '') };
