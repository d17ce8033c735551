import {
  FriendApplyStatus,
  FriendHandleStatus,
  FriendLimits,
  type ApplyFriendBody,
  type ApplyListBody,
  type FriendApplication,
  type FriendApplyUnread,
  type HandleApplyBody,
  type Page,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { CountersService } from '../users/counters.service.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import { AppStatus, type ApplicationRepo, type ApplicationRow } from './application.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { applicationStatus, toApplication } from './friend.presenter.js';
import type { FriendViews } from './friend.view.js';
import type { FriendshipRepo } from './friendship.repo.js';
import type { Limiter } from '../../lib/rate-limiter.js';

const ACTIVE = 0;
const APPLY_TOO_OFTEN = '申请过于频繁，请稍后再试';
const CANCELLED = 1;

/** Default reason of an application from a group (SPEC §5), bounded. */
export function groupDefaultReason(groupName: string | undefined, nickName: string): string {
  const text = groupName ? `我是群聊“${groupName}”的${nickName}` : `我是${nickName}`;
  return Array.from(text).slice(0, FriendLimits.defaultReasonMax).join('');
}

/** Friend applications: apply, handle, list, unread count (SPEC §3 Friend application, §7). */
export class ApplicationService {
  /** Bounds how often one user applies (to anyone, and to the same person): each one notifies the target. */
  private readonly perUser: Limiter;
  private readonly perPair: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly apps: ApplicationRepo,
    private readonly friendships: FriendshipRepo,
    private readonly blacklist: BlacklistRepo,
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

  /** The target of an application: exists and is active (cancelled answers 20003). */
  private async target(wtId: string): Promise<UserRow> {
    const user = await this.users.byWtId(wtId);
    if (user?.status === CANCELLED) throw fail('accountCancelled');
    if (!user || user.status !== ACTIVE) throw fail('userNotFound');
    return user;
  }

  async apply(userId: number, body: ApplyFriendBody): Promise<FriendApplication> {
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    const target = await this.target(body.applyWtId);
    if (target.id === me.id) throw fail('applySelf');
    if (await this.friendships.get(me.id, target.id)) throw fail('alreadyFriend');
    const { aBlocksB, bBlocksA } = await this.blacklist.between(me.id, target.id);
    if (bBlocksA) throw fail('blockedByTarget');
    if (aBlocksB) throw fail('targetInMyBlacklist');
    if (!(await this.perUser.hit(`u:${me.id}`)) || !(await this.perPair.hit(`p:${me.id}:${target.id}`))) {
      throw fail('rateLimited', APPLY_TOO_OFTEN);
    }

    const now = this.ctx.clock.now();
    const reason =
      body.applyInfo || (body.applySource === 5 ? groupDefaultReason(body.groupName, me.nick_name) : '');
    const mine = await this.apps.upsertPending({
      fromId: me.id,
      toId: target.id,
      source: body.applySource,
      reason,
      now,
    });

    // They already asked us: applying back is agreeing to theirs.
    const theirs = await this.apps.byPair(target.id, me.id);
    if (theirs && applicationStatus(theirs, now) === FriendApplyStatus.pending) {
      await this.accept(theirs, target, me);
      const updated = (await this.apps.byPair(me.id, target.id)) ?? mine;
      return this.view(updated, target, 'out');
    }

    await this.ctx.realtime.toUsers([target.id], 'friend.apply', this.view(mine, me, 'in'));
    await this.counters.push(target.id);
    return this.view(mine, target, 'out');
  }

  /** Accept (1) or reject (2) the application `applyWtId` sent to the caller. */
  async handle(userId: number, body: HandleApplyBody): Promise<FriendApplication> {
    const me = await this.users.byId(userId);
    if (!me) throw fail('unauthorized');
    const applicant = await this.users.byWtId(body.applyWtId);
    const app = applicant ? await this.apps.byPair(applicant.id, me.id) : undefined;
    if (!applicant || !app) throw fail('applyNotFound');
    const status = applicationStatus(app, this.ctx.clock.now());
    if (status === FriendApplyStatus.expired) throw fail('applyExpired');
    if (status !== FriendApplyStatus.pending) throw fail('applyHandled');

    if (body.handleStatus === FriendHandleStatus.accept) {
      if (applicant.status === CANCELLED) throw fail('accountCancelled');
      await this.accept(app, applicant, me);
    } else {
      if (!(await this.apps.reject(app.id, this.ctx.clock.now()))) throw fail('applyHandled');
      await this.counters.push(me.id);
    }
    const updated = (await this.apps.byPair(applicant.id, me.id)) ?? app;
    const forMe = this.view(updated, applicant, 'in');
    await this.ctx.realtime.toUsers([me.id], 'friend.apply.updated', forMe);
    return forMe;
  }

  /** Accepts `app` (from → to): friendship rows on both sides, events to both, counters of the handler. */
  private async accept(app: ApplicationRow, from: UserRow, to: UserRow): Promise<void> {
    const [fromCount, toCount] = await Promise.all([
      this.friendships.count(from.id),
      this.friendships.count(to.id),
    ]);
    if (fromCount >= FriendLimits.maxFriends || toCount >= FriendLimits.maxFriends) throw fail('friendLimit');
    const now = this.ctx.clock.now();
    if (!(await this.apps.accept(app, now))) throw fail('applyHandled');

    const [fromItem, toItem] = await Promise.all([
      this.views.item(from.id, to.id),
      this.views.item(to.id, from.id),
    ]);
    if (fromItem) await this.ctx.realtime.toUsers([from.id], 'friend.added', fromItem);
    if (toItem) await this.ctx.realtime.toUsers([to.id], 'friend.added', toItem);
    const accepted = (await this.apps.byPair(from.id, to.id)) ?? { ...app, status: AppStatus.accepted };
    await this.ctx.realtime.toUsers([from.id], 'friend.apply.updated', this.view(accepted, to, 'out'));
    await this.counters.push(to.id);
    await this.hooks.emit('friendship.created', { userIds: [from.id, to.id], at: now });
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
