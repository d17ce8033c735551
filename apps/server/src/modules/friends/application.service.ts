import {
  CustomMsgType,
  FriendApplyStatus,
  FriendHandleStatus,
  FriendLimits,
  type ApplyFriendBody,
  type ApplyListBody,
  type FriendApplication,
  type FriendApplyUnread,
  type HandleApplyBody,
  type Page,
  ErrorDetails,
} from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { friendsPolicy } from '../../policies/friends.policy.js';
import { authorize } from '../../policies/policy.js';
import { fail } from '../../lib/errors.js';
import type { CountersService } from '../users/counters.service.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import { AppStatus, type ApplicationRepo, type ApplicationRow } from './application.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { applicationStatus, toApplication } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import type { FriendshipRepo } from './friendship.repo.js';
import { announceFriendNotice } from './notice.service.js';
import { loadRelation } from './relation.js';
import type { Limiter } from '../../lib/rate-limiter.js';

/** Default reason of an application from a group, bounded. */
export function groupDefaultReason(groupName: string | undefined, nickName: string): string {
  const text = groupName ? `我是群聊“${groupName}”的${nickName}` : `我是${nickName}`;
  return Array.from(text).slice(0, FriendLimits.defaultReasonMax).join('');
}

/** Friend applications: apply, handle, list, unread count. */
export class ApplicationService {
  /** Bounds how often one user applies (to anyone, and to the same person): each one notifies the target. */
  private readonly perUser: Limiter;
  private readonly perPair: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly apps: ApplicationRepo,
    readonly friendships: FriendshipRepo,
    readonly blacklist: BlacklistRepo,
    private readonly views: FriendViews,
    private readonly counters: CountersService,
    private readonly hooks: FriendHooks,
  ) {
    this.perUser = ctx.limiters('apply-user', 30, 60_000);
    this.perPair = ctx.limiters('apply-pair', 5, 10 * 60_000);
  }

  private view(row: ApplicationRow, other: UserRow, direction: 'in' | 'out'): FriendApplication {
    return toApplication(
      { ...row, other_wt_id: other.wt_id, other_nick: other.nick_name, other_avatar: other.avatar },
      direction,
      this.ctx.clock.now(),
    );
  }

  async apply(userId: number, body: ApplyFriendBody): Promise<FriendApplication> {
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    const target = await this.users.byWtId(body.applyWtId);
    const relation = await loadRelation(this, me.id, target);
    authorize(friendsPolicy, 'friend.apply', { userId }, relation);
    const to = target!;
    await this.hooks.groups.assertMayBefriend(me.id, to.id);
    if (!(await this.perUser.hit(`u:${me.id}`)) || !(await this.perPair.hit(`p:${me.id}:${to.id}`))) {
      throw fail('rateLimited', ErrorDetails.applyTooOften);
    }

    const now = this.ctx.clock.now();
    const reason =
      body.applyInfo || (body.applySource === 5 ? groupDefaultReason(body.groupName, me.nick_name) : '');
    return this.ctx.uow.run(async (uow) => {
      const apps = this.apps.in(uow);
      const mine = await apps.upsertPending({
        fromId: me.id,
        toId: to.id,
        source: body.applySource,
        reason,
        now,
      });
      // They already asked us: applying back is agreeing to theirs.
      const theirs = await apps.byPair(to.id, me.id);
      if (theirs && applicationStatus(theirs, now) === FriendApplyStatus.pending) {
        await this.accept(uow, theirs, to, me);
        const updated = (await apps.byPair(me.id, to.id)) ?? mine;
        return this.view(updated, to, 'out');
      }
      uow.emit([to.id], 'friend.apply', this.view(mine, me, 'in'));
      uow.afterCommit(() => this.counters.push(to.id));
      return this.view(mine, to, 'out');
    });
  }

  /** Accept (1) or reject (2) the application `applyWtId` sent to the caller. */
  async handle(userId: number, body: HandleApplyBody): Promise<FriendApplication> {
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    const applicant = await this.users.byWtId(body.applyWtId);
    const found = applicant ? await this.apps.byPair(applicant.id, me.id) : undefined;
    authorize(friendsPolicy, 'application.handle', { userId }, found && { toId: Number(found.to_id) });
    const app = found!;
    const from = applicant!;
    const status = applicationStatus(app, this.ctx.clock.now());
    if (status === FriendApplyStatus.expired) throw fail('applyExpired');
    if (status !== FriendApplyStatus.pending) throw fail('applyHandled');

    return this.ctx.uow.run(async (uow) => {
      const apps = this.apps.in(uow);
      if (body.handleStatus === FriendHandleStatus.accept) {
        const relation = await loadRelation(
          { friendships: this.friendships.in(uow), blacklist: this.blacklist.in(uow) },
          me.id,
          from,
        );
        authorize(friendsPolicy, 'friend.accept', { userId }, relation);
        await this.accept(uow, app, from, me);
      } else {
        if (!(await apps.reject(app.id, this.ctx.clock.now()))) throw fail('applyHandled');
        uow.afterCommit(() => this.counters.push(me.id));
      }
      const updated = (await apps.byPair(from.id, me.id)) ?? app;
      const forMe = this.view(updated, from, 'in');
      uow.emit([me.id], 'friend.apply.updated', forMe);
      return forMe;
    });
  }

  /**
   * Accepts `app` (from → to) inside `uow`: friendship rows on both sides, the add-friend notice and
   * events to both, the handler's counters, and the `friendship.created` hook.
   */
  private async accept(uow: UnitOfWork, app: ApplicationRow, from: UserRow, to: UserRow): Promise<void> {
    const friendships = this.friendships.in(uow);
    const apps = this.apps.in(uow);
    const [fromCount, toCount] = await Promise.all([friendships.count(from.id), friendships.count(to.id)]);
    if (fromCount >= FriendLimits.maxFriends || toCount >= FriendLimits.maxFriends) throw fail('friendLimit');
    const now = this.ctx.clock.now();
    if (!(await apps.accept(app, now))) throw fail('applyHandled');

    const views = this.views.in(uow);
    const [fromItem, toItem] = await Promise.all([views.item(from.id, to.id), views.item(to.id, from.id)]);
    if (fromItem) uow.emit([from.id], 'friend.added', fromItem);
    if (toItem) uow.emit([to.id], 'friend.added', toItem);
    const accepted = (await apps.byPair(from.id, to.id)) ?? { ...app, status: AppStatus.accepted };
    uow.emit([from.id], 'friend.apply.updated', this.view(accepted, to, 'out'));
    await announceFriendNotice(uow, this.hooks, to, from, CustomMsgType.addFriend, now);
    uow.afterCommit(() => this.counters.push(to.id));
    await this.hooks.emit('friendship.created', { userIds: [from.id, to.id], at: now }, uow);
  }

  async list(userId: number, body: ApplyListBody): Promise<Page<FriendApplication>> {
    const { rows, total } = await this.apps.page(userId, body.direction, {
      offset: (body.pageNum - 1) * body.pageSize,
      limit: body.pageSize,
    });
    const now = this.ctx.clock.now();
    return { rows: rows.map((r) => toApplication(r, body.direction, now)), total };
  }

  unreadCount(userId: number): Promise<number> {
    return this.apps.unreadCount(userId, this.ctx.clock.now() - FriendLimits.applyTtlMs);
  }

  async unread(userId: number): Promise<FriendApplyUnread> {
    return { count: await this.unreadCount(userId) };
  }

  /** Marks every received application read; the badge of all the user's tabs drops. */
  async markRead(userId: number): Promise<FriendApplyUnread> {
    if ((await this.apps.markAllRead(userId)) > 0) await this.counters.push(userId);
    return this.unread(userId);
  }
}
