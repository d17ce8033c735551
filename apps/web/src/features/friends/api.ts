import {
  FriendLimits,
  TagLimits,
  type ApplyFriendBody,
  type Page,
  type SetTag4UserBody,
  type UpdateSpaceStatusBody,
} from '@parley/protocol';
import { call, type CallOptions } from '../../lib/api';

const silent: CallOptions = { silent: true };

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

/** The friends routes of the contract table (packages/protocol/src/contract/friends.ts). */
export const friendsApi = {
  search: (searchId: string, opts: CallOptions = silent) => call('users', 'searchById', { searchId }, opts),
  info: (searchId: string, opts?: CallOptions) => call('friends', 'info', { searchId }, opts),
  list: (opts: CallOptions = silent) =>
    fetchAllPages(
      (pageNum) => call('friends', 'list', { pageNum, pageSize: FriendLimits.friendPageMax }, opts),
      FriendLimits.friendPageMax,
      Math.ceil(FriendLimits.maxFriends / FriendLimits.friendPageMax),
    ),
  apply: (body: ApplyFriendBody, opts: CallOptions = silent) => call('friends', 'apply', body, opts),
  handle: (applyWtId: string, handleStatus: 1 | 2, opts?: CallOptions) =>
    call('friends', 'handle', { applyWtId, handleStatus }, opts),
  applyList: (direction: 'in' | 'out', pageNum = 1, pageSize: number = FriendLimits.applyPageMax) =>
    call('friends', 'applyList', { direction, pageNum, pageSize }),
  markApplyRead: () => call('friends', 'applyRead'),
  remove: (friendsWtId: string) => call('friends', 'remove', { friendsWtId }),
  updateRemark: (friendsWtId: string, remark: string) =>
    call('friends', 'updateRemark', { friendsWtId, remark }, silent),
  updateSpaceStatus: (body: UpdateSpaceStatusBody) => call('friends', 'updateSpaceStatus', body, silent),
  blackAdd: (friendWtId: string) => call('friends', 'blackAdd', { friendWtId }),
  blackRemove: (friendWtId: string) => call('friends', 'blackRemove', { friendWtId }),
  blackList: () =>
    fetchAllPages(
      (pageNum) => call('friends', 'blackList', { pageNum, pageSize: FriendLimits.blackPageMax }),
      FriendLimits.blackPageMax,
      Math.ceil(FriendLimits.maxBlacklist / FriendLimits.blackPageMax),
    ),
  userConfig: () => call('users', 'config'),
};

/** The tag routes of the contract table (packages/protocol/src/contract/tags.ts). */
export const tagsApi = {
  list: () => call('tags', 'list'),
  users: (id: number) =>
    fetchAllPages(
      (pageNum) => call('tags', 'users', { id, pageNum, pageSize: TagLimits.userPageMax }),
      TagLimits.userPageMax,
    ),
  add: (tagName: string, wtIds?: string[]) => call('tags', 'add', { tagName, wtIds }),
  rename: (tagId: number, tagName: string) => call('tags', 'rename', { tagId, tagName }),
  remove: (ids: number[]) => call('tags', 'remove', { ids }),
  addUsers: (tagId: number, wtIds: string[]) => call('tags', 'addUsers', { tagId, wtIds }),
  removeUsers: (tagId: number, wtIds: string[]) => call('tags', 'removeUsers', { tagId, wtIds }),
  /** My tags with tagStatus 1 where the user is in them. */
  ofUser: (wtId: string) => call('tags', 'ofUser', { wtId }, silent),
  setForUser: (body: SetTag4UserBody) => call('tags', 'setForUser', body, silent),
};
