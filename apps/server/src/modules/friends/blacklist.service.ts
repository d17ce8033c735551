import {
  FriendLimits,
  type BlackItem,
  type BlackStatusResult,
  type ErrorName,
  type Page,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo } from '../users/user.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { toBlackItem } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import type { FriendshipRepo } from './friendship.repo.js';

/**
 * The answer to "may X message Y" for the messaging engine:
 * - `blacklisted`: Y blacklisted X → refuse with 20007 and SPEC's text (Errors.blacklisted);
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

/** Pure rule of `canMessage`, exported for unit tests and the messaging engine. */
export async function messagePermission(
  deps: PermissionDeps,
  fromUserId: number,
  toUserId: number,
): Promise<MessagePermission> {
  const [to, relation, friendship] = await Promise.all([
    deps.users.byId(toUserId),
    fromUserId === toUserId
      ? Promise.resolve({ aBlocksB: false, bBlocksA: false })
      : deps.blacklist.between(fromUserId, toUserId),
    deps.friendships.get(fromUserId, toUserId),
  ]);
  const isFriend = friendship !== undefined;
  if (!to) return { allowed: false, reason: 'notFound', error: 'userNotFound', isFriend };
  if (to.status === 1) return { allowed: false, reason: 'cancelled', error: 'accountCancelled', isFriend };
  if (to.status !== 0) return { allowed: false, reason: 'notFound', error: 'userNotFound', isFriend };
  if (relation.bBlocksA) return { allowed: false, reason: 'blacklisted', error: 'blacklisted', isFriend };
  if (relation.aBlocksB)
    return { allowed: false, reason: 'blocking', error: 'targetInMyBlacklist', isFriend };
  return { allowed: true, isFriend };
}

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
    if (!user) throw fail('userNotFound');
    if (user.id === userId) throw fail('blackSelf');
    return user;
  }

  /** Blacklists a user (friend or not); the friendship stays. Idempotent. */
  async add(userId: number, friendWtId: string): Promise<BlackStatusResult> {
    const target = await this.target(userId, friendWtId);
    if (!(await this.blacklist.has(userId, target.id))) {
      if ((await this.blacklist.count(userId)) >= FriendLimits.maxBlacklist) throw fail('blacklistLimit');
      await this.blacklist.add(userId, target.id, this.ctx.clock.now());
    }
    return this.changed(userId, target.id, target.wt_id, true);
  }

  /** Removes a user from the blacklist. Idempotent. */
  async remove(userId: number, friendWtId: string): Promise<BlackStatusResult> {
    const target = await this.target(userId, friendWtId);
    await this.blacklist.remove(userId, target.id);
    return this.changed(userId, target.id, target.wt_id, false);
  }

  private async changed(
    userId: number,
    targetId: number,
    wtId: string,
    blocked: boolean,
  ): Promise<BlackStatusResult> {
    const result: BlackStatusResult = { friendWtId: wtId, ownerBlackStatus: blocked ? 1 : 0 };
    await this.ctx.realtime.toUsers([userId], 'friend.black', result);
    const item = await this.views.item(userId, targetId);
    if (item) await this.ctx.realtime.toUsers([userId], 'friend.updated', item);
    await this.hooks.emit('blacklist.changed', {
      ownerId: userId,
      targetId,
      blocked,
      at: this.ctx.clock.now(),
    });
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
  messagePermission(fromUserId: number, toUserId: number): Promise<MessagePermission> {
    return messagePermission(
      { users: this.users, blacklist: this.blacklist, friendships: this.friendships },
      fromUserId,
      toUserId,
    );
  }

  /** Whether X may message Y. The messaging engine refuses with `assertCanMessage`'s error. */
  async canMessage(fromUserId: number, toUserId: number): Promise<boolean> {
    return (await this.messagePermission(fromUserId, toUserId)).allowed;
  }

  /** Throws the refusal (20007 with SPEC's text when Y blacklisted X). */
  async assertCanMessage(fromUserId: number, toUserId: number): Promise<void> {
    const p = await this.messagePermission(fromUserId, toUserId);
    if (!p.allowed) throw fail(p.error ?? 'forbidden');
  }
}
