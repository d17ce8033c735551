import { CallLimits } from '@parley/protocol';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { groupKeys } from '../../groups';

/**
 * The group's members for the call invite picker, a page of 30 at a time (the first page, then one
 * more per 'View more'), or those whose userID or nickname contains `keyword` (searched on the server).
 * Kept under the group's member keys, so a membership change refreshes it with the other member lists.
 */
export function useInviteMembers(groupID: string, keyword: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...groupKeys.membersAll(groupID), 'callInvite', keyword],
    queryFn: ({ pageParam }) =>
      call(
        'groups',
        'members',
        {
          groupNumber: groupID,
          pageNum: pageParam,
          pageSize: CallLimits.invitePage,
          keyword: keyword || undefined,
        },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total && last.rows.length > 0
        ? pages.length + 1
        : undefined,
    enabled: enabled && !!groupID,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const members = query.data?.pages.flatMap((p) => p.rows) ?? [];
  return {
    members,
    loading: query.isLoading,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
