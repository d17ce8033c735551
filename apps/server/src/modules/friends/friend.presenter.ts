import {
  FriendApplyStatus,
  FriendLimits,
  type ApplySource,
  type BlackItem,
  type FriendApplication,
  type FriendItem,
  type Tag,
} from '@parley/protocol';
import type { ApplicationView } from './application.repo.js';
import type { BlackRow } from './blacklist.repo.js';
import type { FriendRow } from './friendship.repo.js';
import type { TagWithCount } from './tag.repo.js';

const bit = (v: number | boolean): 0 | 1 => (v ? 1 : 0);

export function asSource(v: number): ApplySource {
  return (v >= 1 && v <= 5 ? v : 1) as ApplySource;
}

/** Cancelled accounts keep their wtId in lists but show no profile. */
const CANCELLED = 1;

export function toFriendItem(
  row: FriendRow,
  tags: Array<{ id: number; name: string }>,
  blocked: boolean,
): FriendItem {
  const cancelled = row.user_status === CANCELLED;
  return {
    userID: row.wt_id,
    wtId: row.wt_id,
    nickName: cancelled ? '' : row.nick_name,
    avatar: cancelled ? '' : row.avatar,
    bio: cancelled ? '' : row.bio,
    remark: row.remark,
    tagIds: tags.map((t) => t.id),
    tagNameList: tags.map((t) => t.name),
    ownerBlackStatus: bit(blocked),
    friendsSpaceStatus: bit(row.friends_space_status),
    mineSpaceStatus: bit(row.mine_space_status),
    applySource: asSource(row.apply_source),
    actionStatus: bit(cancelled),
    isOfficial: bit(row.is_official),
    createTime: Number(row.created_at),
  };
}

/** Pending applications older than FriendLimits.applyTtlMs read as expired. */
export function applicationStatus(
  row: { status: number; updated_at: number },
  now: number,
): FriendApplyStatus {
  if (row.status === FriendApplyStatus.pending && now - Number(row.updated_at) > FriendLimits.applyTtlMs) {
    return FriendApplyStatus.expired;
  }
  return row.status as FriendApplyStatus;
}

export function toApplication(row: ApplicationView, direction: 'in' | 'out', now: number): FriendApplication {
  return {
    id: Number(row.id),
    userID: row.other_wt_id,
    applyWtId: row.other_wt_id,
    nick: row.other_nick,
    avatar: row.other_avatar,
    status: applicationStatus(row, now),
    source: asSource(row.source),
    wording: row.reason,
    direction,
    isRead: direction === 'out' ? 1 : bit(row.is_read),
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

export function toBlackItem(row: BlackRow): BlackItem {
  return {
    userID: row.wt_id,
    wtId: row.wt_id,
    nickName: row.nick_name,
    avatar: row.avatar,
    remark: row.remark ?? '',
    isFriend: bit(row.remark !== null),
    createTime: Number(row.created_at),
  };
}

export function toTag(row: TagWithCount, assigned = false): Tag {
  return {
    id: Number(row.id),
    tagName: row.name,
    userCount: Number(row.user_count),
    tagStatus: bit(assigned),
    createTime: Number(row.created_at),
  };
}
