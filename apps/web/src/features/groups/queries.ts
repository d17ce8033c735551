import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { groupKeys } from './keys';

/** The caller's groups (pinned first). */
export function useMyGroups() {
  return useQuery({ queryKey: groupKeys.mine(), queryFn: () => call('groups', 'list') });
}

/** One group as the caller (a member) sees it; 403/404 leave `data` undefined. */
export function useGroupInfo(groupNumber: string | null) {
  return useQuery({
    queryKey: groupKeys.info(groupNumber ?? ''),
    queryFn: () => call('groups', 'info', { groupNumber: groupNumber! }, { silent: true }),
    enabled: !!groupNumber,
    retry: false,
  });
}

/**
 * Members (first 100, or those matching `keyword`). Fetched in the background (the chat, the @
 * list, the panel), so a failure is quiet: a group the user just left has no members to show.
 */
export function useGroupMembers(groupNumber: string | null, keyword = '', enabled = true) {
  return useQuery({
    queryKey: groupKeys.members(groupNumber ?? '', keyword),
    queryFn: () =>
      call(
        'groups',
        'members',
        { groupNumber: groupNumber!, pageSize: 100, keyword: keyword || undefined },
        { silent: true },
      ),
    enabled: !!groupNumber && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMutedMembers(groupNumber: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.muted(groupNumber),
    queryFn: () => call('groups', 'positionMuted', { groupNumber }),
    enabled,
  });
}

export function useGroupBlacklist(groupNumber: string, enabled = true) {
  return useQuery({
    queryKey: groupKeys.black(groupNumber),
    queryFn: () => call('groups', 'blackList', { groupNumber, pageSize: 100 }),
    enabled,
  });
}

export function useInviteCandidates(groupNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.candidates(groupNumber),
    queryFn: () => call('groups', 'candidatesAdd', { groupNumber }),
    enabled,
  });
}

/** Applications to the groups the caller manages (pending first). */
export function useJoinApplies(enabled = true) {
  return useQuery({
    queryKey: groupKeys.joinApplies(),
    queryFn: () => call('groups', 'joinApplyList', { pageSize: 100 }),
    enabled,
  });
}

export function useMyApplies(enabled = true) {
  return useQuery({
    queryKey: groupKeys.myApplies(),
    queryFn: () => call('groups', 'myApplyList', { pageSize: 100 }),
    enabled,
  });
}

export function useGroupNotices(enabled = true) {
  return useQuery({
    queryKey: groupKeys.others(),
    queryFn: () => call('groups', 'othersList', { pageSize: 100 }),
    enabled,
  });
}

/** Join invitations waiting for the user's consent (from people who are not their friends). */
export function useGroupInvitations(enabled = true) {
  return useQuery({
    queryKey: groupKeys.invitations(),
    queryFn: () => call('groupInvitations', 'list'),
    enabled,
  });
}
