import {
  CustomMsgType,
  FriendLimits,
  type BlackItem,
  type BlackStatusResult,
  type ErrorName,
  type Page,
} from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { friendsPolicy } from '../../policies/friends.policy.js';
import { authorize, decide } from '../../policies/policy.js';
import { fail } from '../../lib/errors.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { BlacklistRepo } from './blacklist.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { toBlackItem } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import { FriendshipRepo } from './friendship.repo.js';
import { announceFriendNotice } from './notice.service.js';
import { loadRelation, NO_RELATION, relationSteps } from './relation.js';
import type { Steps } from '../../db/steps.js';

/**
 * The answer to "may X message Y" for the messaging engine:
 * - `blacklisted`: Y blacklisted X → refuse with 20007 and its catalogue text (Errors.blacklisted);
 * - `blocking`: X blacklisted Y → refuse with 21005 (unblock first);
 * - `cancelled`: Y's account is cancelled → 20003; `notFound`: no such user → 10010.
 * `isFriend` tells whether X has Y as a friend, for engines that require friendship.
 */
export interface MessagePermission {
  allowed: boolean;
  reason?: 'blacklisted' | 'blocking' | 'cancelled' | 'notFound';
  error?: ErrorName;
  isFriend: boolean;
}

/** Minimal repos the permission check reads (so it can be unit-tested with stubs). */
export interface PermissionDeps {
  users: Pick<UserRepo, 'byId'>;
  blacklist: Pick<BlacklistRepo, 'between'>;
  friendships: Pick<FriendshipRepo, 'get'>;
}

/** `canMessage` as data: loads the relation and asks policy `message.send` (exported for unit tests). */
export async function messagePermission(
  deps: PermissionDeps,
  fromUserId: number,
  toUser: number | Pick<UserRow, 'id' | 'status'>,
): Promise<MessagePermission> {
  // A caller that already holds the target's row (the send path) saves the lookup.
  const to = typeof toUser === 'number' ? await deps.users.byId(toUser) : toUser;
  const relation = await loadRelation(deps, fromUserId, to);
  const decision = decide(friendsPolicy, 'message.send', { userId: fromUserId }, relation);
  if (decision === true) return { allowed: true, isFriend: relation.friend };
  return {
    allowed: false,
    reason: REASONS[decision] ?? 'notFound',
    error: decision,
    isFriend: relation.friend,
  };
}

/**
 * The send path's gate as a step function (db/steps.ts): throws the refusal the `message.send` rule
 * gives for the sender and the peer row the send already holds (20007, 21005, 20003, 10010).
 */
export function* mayMessageSteps(fromUserId: number, to: Pick<UserRow, 'id' | 'status'>): Steps<void> {
  const relation = yield* relationSteps(fromUserId, to);
  const decision = decide(friendsPolicy, 'message.send', { userId: fromUserId }, relation);
  if (decision !== true) throw fail(decision);
}

const REASONS: Partial<Record<ErrorName, MessagePermission['reason']>> = {
  blacklisted: 'blacklisted',
  targetInMyBlacklist: 'blocking',
  accountCancelled: 'cancelled',
  userNotFound: 'notFound',
};

/** Blacklist add/remove/list (ownerBlackStatus) and the messaging permission check. */
export class BlacklistService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly blacklist: BlacklistRepo,
    private readonly friendships: FriendshipRepo,
    private readonly views: FriendViews,
    private readonly hooks: FriendHooks,
  ) {}

  private async target(userId: number, wtId: string) {
    const user = await this.users.byWtId(wtId);
    authorize(friendsPolicy, 'blacklist.change', { userId }, { ...NO_RELATION, targetId: user?.id });
    return user!;
  }

  /** Blacklists a user (friend or not); the friendship stays. Idempotent. */
  async add(userId: number, friendWtId: string): Promise<BlackStatusResult> {
    const target = await this.target(userId, friendWtId);
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    return this.ctx.uow.run(async (uow) => {
      const blacklist = this.blacklist.in(uow);
      if (!(await blacklist.has(userId, target.id))) {
        if ((await blacklist.count(userId)) >= FriendLimits.maxBlacklist) throw fail('blacklistLimit');
        await blacklist.add(userId, target.id, this.ctx.clock.now());
        await announceFriendNotice(uow, this.hooks, me, target, CustomMsgType.addBlack, this.ctx.clock.now());
      }
      return this.changed(uow, userId, target.id, target.wt_id, true);
    });
  }

  /** Removes a user from the blacklist. Idempotent. */
  async remove(userId: number, friendWtId: string): Promise<BlackStatusResult> {
    const target = await this.target(userId, friendWtId);
    return this.ctx.uow.run(async (uow) => {
      await this.blacklist.in(uow).remove(userId, target.id);
      return this.changed(uow, userId, target.id, target.wt_id, false);
    });
  }

  private async changed(
    uow: UnitOfWork,
    userId: number,
    targetId: number,
    wtId: string,
    blocked: boolean,
  ): Promise<BlackStatusResult> {
    const result: BlackStatusResult = { friendWtId: wtId, ownerBlackStatus: blocked ? 1 : 0 };
    uow.emit([userId], 'friend.black', result);
    const item = await this.views.in(uow).item(userId, targetId);
    if (item) uow.emit([userId], 'friend.updated', item);
    await this.hooks.emit(
      'blacklist.changed',
      { ownerId: userId, targetId, blocked, at: this.ctx.clock.now() },
      uow,
    );
    return result;
  }

  async list(userId: number, page: { pageNum: number; pageSize: number }): Promise<Page<BlackItem>> {
    const { rows, total } = await this.blacklist.page(userId, {
      offset: (page.pageNum - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return { rows: rows.map(toBlackItem), total };
  }

  /** Details of whether `fromUserId` may message `toUserId` (see MessagePermission). */
  messagePermission(
    fromUserId: number,
    to: number | Pick<UserRow, 'id' | 'status'>,
  ): Promise<MessagePermission> {
    return messagePermission(
      { users: this.users, blacklist: this.blacklist, friendships: this.friendships },
      fromUserId,
      to,
    );
  }

  /** Of `targetIds`: the caller's friends, those the caller blocks and those who block the caller. */
  async relationsAmong(
    userId: number,
    targetIds: number[],
  ): Promise<{ friends: Set<number>; blocks: Set<number>; blockedBy: Set<number> }> {
    const [friends, blocks, blockedBy] = await Promise.all([
      this.friendships.friendIdsAmong(userId, targetIds),
      this.blacklist.blockedAmong(userId, targetIds),
      this.blacklist.blockersAmong(userId, targetIds),
    ]);
    return { friends, blocks, blockedBy };
  }

  /** Whether X may message Y. The messaging engine refuses with `mayMessage`'s error. */
  async canMessage(fromUserId: number, toUserId: number): Promise<boolean> {
    return (await this.messagePermission(fromUserId, toUserId)).allowed;
  }

  /** The messaging engine's gate (messaging/send-core.ts `MessageGate`): `mayMessageSteps`. */
  mayMessage(fromUserId: number, to: Pick<UserRow, 'id' | 'status'>): Steps<void> {
    return mayMessageSteps(fromUserId, to);
  }
}
