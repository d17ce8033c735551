import {
  CustomMsgType,
  isPhone,
  normalizePhone,
  FriendApplyStatus,
  FriendsStatus,
  type DeleteFriendResult,
  type FriendInfo,
  type FriendItem,
  type FriendListBody,
  type Page,
  type UpdateRemarkBody,
  type UpdateSpaceStatusBody,
} from '@parley/protocol';
import type { Updateable } from 'kysely';
import type { FriendshipsTable } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { friendsPolicy } from '../../policies/friends.policy.js';
import { authorize, can } from '../../policies/policy.js';
import { usersPolicy } from '../../policies/users.policy.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import type { ApplicationRepo } from './application.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { applicationStatus, asSource } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import type { FriendshipRepo } from './friendship.repo.js';
import type { TagRepo } from './tag.repo.js';
import { queueFriendNotice } from './notice.service.js';
import { loadRelation, NO_RELATION } from './relation.js';

const ACTIVE = 0;
/** Profile lookups (POST /user/friendInfo) one user may make per minute; 429 beyond. */
export const FRIEND_INFO_PER_MINUTE = 120;

/** The friend list, profiles, remarks, moments visibility and deleting friends. */
export class FriendsService {
  private readonly infoLookups: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    readonly friendships: FriendshipRepo,
    private readonly apps: ApplicationRepo,
    readonly blacklist: BlacklistRepo,
    private readonly tags: TagRepo,
    private readonly views: FriendViews,
    private readonly hooks: FriendHooks,
  ) {
    this.infoLookups = ctx.limiters('friend-info', FRIEND_INFO_PER_MINUTE, 60_000);
  }

  /** Any existing user by wtId (cancelled included), else 10010. */
  async userByWtId(wtId: string): Promise<UserRow> {
    const user = await this.users.byWtId(wtId);
    if (!user) throw fail('userNotFound');
    return user;
  }

  /** The friend named by wtId (policy `friend.edit`: 21002 when they are not the caller's friend). */
  async requireFriend(userId: number, wtId: string): Promise<UserRow> {
    const user = await this.users.byWtId(wtId);
    authorize(friendsPolicy, 'friend.edit', { userId }, await loadRelation(this, userId, user));
    return user!;
  }

  async list(userId: number, body: FriendListBody): Promise<Page<FriendItem>> {
    const { rows, total } = await this.friendships.page(userId, {
      offset: (body.pageNum - 1) * body.pageSize,
      limit: body.pageSize,
      keyword: body.keyword,
    });
    return { rows: await this.views.items(userId, rows), total };
  }

  /**
   * Ends the friendship on both sides, in one transaction with the `friendship.deleted` hook (the
   * messaging module removes the deleter's conversation there). Deleting someone who already deleted
   * you answers `deleted: false` (nothing left to do), not an error: the caller's list is stale.
   */
  async delete(userId: number, friendsWtId: string): Promise<DeleteFriendResult> {
    const friend = await this.userByWtId(friendsWtId);
    authorize(friendsPolicy, 'friend.delete', { userId }, { ...NO_RELATION, targetId: friend.id });
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    return this.ctx.uow.run(async (uow) => {
      const removed = await this.friendships.in(uow).deletePair(userId, friend.id);
      if (removed === 0) return { friendsWtId: friend.wt_id, deleted: false };
      const now = this.ctx.clock.now();
      uow.emit([userId], 'friend.deleted', { wtId: friend.wt_id, byMe: 1 });
      uow.emit([friend.id], 'friend.deleted', { wtId: me.wt_id, byMe: 0 });
      // Live only: the deleter's conversation with the friend is removed (the hook below).
      queueFriendNotice(uow, me, friend, CustomMsgType.deleteFriend, now);
      await this.hooks.emit('friendship.deleted', { deleterId: userId, friendId: friend.id, at: now }, uow);
      return { friendsWtId: friend.wt_id, deleted: true };
    });
  }

  private async patch(
    userId: number,
    friendsWtId: string,
    patch: Updateable<FriendshipsTable>,
  ): Promise<FriendItem> {
    const friend = await this.requireFriend(userId, friendsWtId);
    return this.ctx.uow.run(async (uow) => {
      await this.friendships
        .in(uow)
        .update(userId, friend.id, { ...patch, updated_at: this.ctx.clock.now() });
      const item = await this.views.in(uow).item(userId, friend.id);
      if (!item) throw fail('notFriend');
      uow.emit([userId], 'friend.updated', item);
      return item;
    });
  }

  updateRemark(userId: number, body: UpdateRemarkBody): Promise<FriendItem> {
    return this.patch(userId, body.friendsWtId, { remark: body.remark });
  }

  updateSpaceStatus(userId: number, body: UpdateSpaceStatusBody): Promise<FriendItem> {
    return this.patch(userId, body.friendsWtId, {
      ...(body.friendsSpaceStatus !== undefined && { friends_space_status: body.friendsSpaceStatus }),
      ...(body.mineSpaceStatus !== undefined && { mine_space_status: body.mineSpaceStatus }),
    });
  }

  /**
   * POST /user/friendInfo: a profile with the caller's relation to it. Unknown → actionStatus 1 and
   * empty fields; cancelled/disabled → actionStatus 1, the relation (remark, tags) kept, profile blank.
   */
  async info(userId: number, searchId: string): Promise<FriendInfo> {
    if (!(await this.infoLookups.hit(`u:${userId}`))) throw fail('rateLimited');
    let user = await this.users.byWtId(searchId);
    let source: 1 | 2 = 1;
    if (!user && isPhone(searchId)) {
      user = await this.users.byPhone(normalizePhone(searchId));
      source = 2;
    }
    if (!user) return notFoundInfo(searchId);
    const seen = can(
      usersPolicy,
      'user.see',
      { userId },
      {
        userId: user.id,
        blocksActor: user.id !== userId && (await this.blacklist.has(user.id, userId)),
        friend: user.id !== userId && !!(await this.friendships.get(userId, user.id)),
      },
    );
    if (!seen) return notFoundInfo(searchId);
    const gone = user.status !== ACTIVE;

    const now = this.ctx.clock.now();
    const [row, blocked, tagMap, mine, theirs, commonGroupCount] = await Promise.all([
      this.friendships.get(userId, user.id),
      this.blacklist.has(userId, user.id),
      this.tags.tagsOf(userId, [user.id]),
      this.apps.byPair(userId, user.id),
      this.apps.byPair(user.id, userId),
      user.id === userId ? 0 : this.hooks.groups.commonCount(userId, user.id),
    ]);
    const tags = tagMap.get(user.id) ?? [];
    let friendsStatus: FriendsStatus = FriendsStatus.stranger;
    if (user.id === userId) friendsStatus = FriendsStatus.self;
    else if (row) friendsStatus = FriendsStatus.friend;
    else if (mine && applicationStatus(mine, now) === FriendApplyStatus.pending)
      friendsStatus = FriendsStatus.applied;
    else if (theirs && applicationStatus(theirs, now) === FriendApplyStatus.pending)
      friendsStatus = FriendsStatus.applyReceived;

    return {
      wtId: user.wt_id,
      userID: user.wt_id,
      remark: row?.remark ?? '',
      actionStatus: gone ? 1 : 0,
      ownerBlackStatus: blocked ? 1 : 0,
      friendsSpaceStatus: row?.friends_space_status ? 1 : 0,
      mineSpaceStatus: row?.mine_space_status ? 1 : 0,
      tagNameList: tags.map((t) => t.name),
      tagIds: tags.map((t) => t.id),
      nickName: gone ? '' : user.nick_name,
      avatar: gone ? '' : user.avatar,
      bio: gone ? '' : user.bio,
      friendsStatus,
      commonGroupCount,
      applySource: row ? asSource(row.apply_source) : source,
      isOfficial: user.is_official ? 1 : 0,
    };
  }
}

function notFoundInfo(wtId: string): FriendInfo {
  return {
    wtId,
    userID: wtId,
    remark: '',
    actionStatus: 1,
    ownerBlackStatus: 0,
    friendsSpaceStatus: 0,
    mineSpaceStatus: 0,
    tagNameList: [],
    tagIds: [],
    nickName: '',
    avatar: '',
    bio: '',
    friendsStatus: FriendsStatus.stranger,
    commonGroupCount: 0,
    applySource: null,
    isOfficial: 0,
  };
}
