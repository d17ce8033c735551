import {
  CustomMsgType,
  FriendLimits,
  TagLimits,
  type ApplyFriendBody,
  type BlackItem,
  type BlackStatusResult,
  type DeleteFriendResult,
  type FriendApplication,
  type FriendApplyUnread,
  type FriendCustomType,
  type FriendInfo,
  type FriendItem,
  type Page,
  type SetTag4UserBody,
  type Tag,
  type UpdateSpaceStatusBody,
  type UserConfig,
  type UserSearchResult,
} from '@parley/protocol';
import { http, type RequestOptions } from '../../lib/http';

type Opts = Omit<RequestOptions, 'method' | 'body'>;
const silent: Opts = { silent: true };

/** Reads every page of a paged list, the first page first and the rest in parallel. */
export async function fetchAllPages<T>(
  load: (pageNum: number) => Promise<Page<T>>,
  pageSize: number,
  maxPages = 20,
): Promise<T[]> {
  const first = await load(1);
  const pages = Math.min(maxPages, Math.ceil(first.total / pageSize));
  if (pages <= 1) return first.rows;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => load(i + 2)));
  return [first.rows, ...rest.map((p) => p.rows)].flat();
}

/** The REST calls of SPEC §7 "Friends and tags" (paths and field names exactly as SPEC). */
export const friendsApi = {
  search: (searchId: string, opts: Opts = silent) =>
    http.post<UserSearchResult>('/user/searchById', { searchId }, opts),
  info: (searchId: string, opts?: Opts) => http.post<FriendInfo>('/user/friendInfo', { searchId }, opts),
  list: (opts: Opts = silent) =>
    fetchAllPages(
      (pageNum) =>
        http.post<Page<FriendItem>>(
          '/userFriends/list',
          { pageNum, pageSize: FriendLimits.friendPageMax },
          opts,
        ),
      FriendLimits.friendPageMax,
      Math.ceil(FriendLimits.maxFriends / FriendLimits.friendPageMax),
    ),
  apply: (body: ApplyFriendBody, opts: Opts = silent) =>
    http.post<FriendApplication>('/userFriends/apply', body, opts),
  handle: (applyWtId: string, handleStatus: 1 | 2, opts?: Opts) =>
    http.post<FriendApplication>('/userFriends/apply/handle', { applyWtId, handleStatus }, opts),
  applyList: (direction: 'in' | 'out', pageNum = 1, pageSize: number = FriendLimits.applyPageMax) =>
    http.post<Page<FriendApplication>>('/userFriends/applyList', { direction, pageNum, pageSize }),
  markApplyRead: () => http.post<FriendApplyUnread>('/userFriends/apply/read', {}),
  remove: (friendsWtId: string) => http.post<DeleteFriendResult>('/userFriends/delete', { friendsWtId }),
  updateRemark: (friendsWtId: string, remark: string) =>
    http.post<FriendItem>('/userFriends/update', { friendsWtId, remark }, silent),
  updateSpaceStatus: (body: UpdateSpaceStatusBody) =>
    http.post<FriendItem>('/userFriends/updateSpaceStatus', body, silent),
  blackAdd: (friendWtId: string) => http.post<BlackStatusResult>('/user/friendBlack/add', { friendWtId }),
  blackRemove: (friendWtId: string) =>
    http.post<BlackStatusResult>('/user/friendBlack/deleteByUserId', { friendWtId }),
  blackList: () =>
    fetchAllPages(
      (pageNum) =>
        http.post<Page<BlackItem>>('/user/friendBlack/list', {
          pageNum,
          pageSize: FriendLimits.blackPageMax,
        }),
      FriendLimits.blackPageMax,
      Math.ceil(FriendLimits.maxBlacklist / FriendLimits.blackPageMax),
    ),
  /** The add-friend / add-black / delete-friend notice. Best effort: a failure is only logged. */
  notice: (fromWtId: string, toWtId: string, type: FriendCustomType) =>
    http.post('/user/sendCustomMessage', { fromWtId, toWtId, type }, silent).catch((e: unknown) => {
      console.warn('friend notice failed', type, e);
    }),
  userConfig: () => http.get<UserConfig>('/user/userConfig/getInfo'),
};

export const tagsApi = {
  list: () => http.get<Tag[]>('/userTag/list'),
  users: (id: number) =>
    fetchAllPages(
      (pageNum) =>
        http.post<Page<FriendItem>>('/userTag/getUserList', { id, pageNum, pageSize: TagLimits.userPageMax }),
      TagLimits.userPageMax,
    ),
  add: (tagName: string, wtIds?: string[]) => http.post<Tag>('/userTag/add', { tagName, wtIds }),
  rename: (tagId: number, tagName: string) => http.post<Tag>('/userTag/rename', { tagId, tagName }),
  remove: (ids: number[]) => http.post<{ deleted: number }>('/userTag/deleteBatch', { ids }),
  addUsers: (tagId: number, wtIds: string[]) => http.post<Tag>('/userTag/addUser4Tag', { tagId, wtIds }),
  removeUsers: (tagId: number, wtIds: string[]) =>
    http.post<Tag>('/userTag/deleteUser4Tag', { tagId, wtIds }),
  /** My tags with tagStatus 1 where the user is in them. */
  ofUser: (wtId: string) => http.post<Tag[]>('/userTag/initSetList', { wtId }, silent),
  setForUser: (body: SetTag4UserBody) => http.post<Tag[]>('/userTag/setTag4User', body, silent),
};

export { CustomMsgType };
