import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FriendLimits, type FriendItem } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { friendsApi, tagsApi } from './api';
import { failToast } from './errors';
import { friendKeys, tagKeys, userConfigKey } from './keys';

/** All my friends (paged on the server, read in full: at most 5,000). Failure: '获取好友列表失败'. */
export function useFriends() {
  const { t } = useTranslation('friends');
  return useQuery({
    queryKey: friendKeys.list(),
    queryFn: async () => {
      try {
        return await friendsApi.list();
      } catch (e) {
        failToast(e, t('toast.listFailed'));
        throw e;
      }
    },
  });
}

/** My row of one friend, from the cached list (undefined when not a friend). */
export function useFriend(wtId: string | undefined): FriendItem | undefined {
  const { data } = useFriends();
  return wtId ? data?.find((f) => f.wtId === wtId) : undefined;
}

/** The profile and relation of anyone, by wtId (or phone). */
export function useFriendInfo(wtId: string | undefined) {
  return useQuery({
    queryKey: friendKeys.info(wtId ?? ''),
    queryFn: () => friendsApi.info(wtId ?? ''),
    enabled: !!wtId,
    staleTime: 10_000,
  });
}

/** Applications newest first, a page at a time ('查看更多' loads the next). */
export function useApplications(direction: 'in' | 'out') {
  const pageSize = FriendLimits.applyPageDefault;
  return useInfiniteQuery({
    queryKey: friendKeys.applies(direction),
    queryFn: ({ pageParam }) => friendsApi.applyList(direction, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * pageSize < last.total && last.rows.length > 0 ? pages.length + 1 : undefined,
  });
}

export function useBlacklist() {
  return useQuery({ queryKey: friendKeys.black(), queryFn: () => friendsApi.blackList() });
}

export function useTags() {
  return useQuery({ queryKey: tagKeys.list(), queryFn: () => tagsApi.list() });
}

export function useTagUsers(tagId: number | undefined) {
  return useQuery({
    queryKey: tagKeys.users(tagId ?? 0),
    queryFn: () => tagsApi.users(tagId ?? 0),
    enabled: tagId !== undefined,
  });
}

/** My tags marked with whether `wtId` is in each. Failure: '加载用户标签失败，请重试！'. */
export function useTagsOf(wtId: string, enabled = true) {
  const { t } = useTranslation('friends');
  return useQuery({
    queryKey: tagKeys.of(wtId),
    queryFn: async () => {
      try {
        return await tagsApi.ofUser(wtId);
      } catch (e) {
        failToast(e, t('toast.tagsLoadFailed'));
        throw e;
      }
    },
    enabled,
    staleTime: 0,
  });
}

/** User config: `webMediaSwitch` gates the voice and video call entries. */
export function useUserConfig() {
  return useQuery({ queryKey: userConfigKey, queryFn: () => friendsApi.userConfig(), staleTime: 60_000 });
}
