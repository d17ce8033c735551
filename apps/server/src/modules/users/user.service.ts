import type { UserConfig, UserInfo, UserSearchResult } from '@parley/protocol';
import { isLanguage, isPhone, normalizePhone, type Language } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { usersPolicy } from '../../policies/users.policy.js';
import { authorize } from '../../policies/policy.js';
import { BlacklistRepo } from '../friends/blacklist.repo.js';
import { FriendshipRepo } from '../friends/friendship.repo.js';
import type { UserRepo, UserRow } from './user.repo.js';
import { toUserConfig, toUserInfo } from './user.presenter.js';

/**
 * The lookups that tell whether a user or group exists (searchById, commonList, getCardInfoById) draw
 * on one per-user budget (LOOKUPS_PER_MINUTE): enough to type, too few to scan. Throws 429 beyond it.
 */
export function lookupBudget(
  ctx: Pick<AppContext, 'limiters' | 'config'>,
): (callerId: number) => Promise<void> {
  const limiter = ctx.limiters('user-search', ctx.config.limits.lookupsPerMinute, 60_000);
  return async (callerId) => {
    if (!(await limiter.hit(`u:${callerId}`))) throw fail('rateLimited');
  };
}

/** The user's own account, settings and lookup of others by wtId or phone. */
export class UserService {
  private readonly lookup: (callerId: number) => Promise<void>;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly blacklist: Pick<BlacklistRepo, 'has'> = new BlacklistRepo(ctx.db),
    private readonly friendships: Pick<FriendshipRepo, 'get'> = new FriendshipRepo(ctx.db),
  ) {
    this.lookup = lookupBudget(ctx);
  }

  async require(userId: number): Promise<UserRow> {
    const user = await this.users.byId(userId);
    if (!user) throw fail('userNotFound');
    return user;
  }

  async info(userId: number): Promise<UserInfo> {
    return toUserInfo(await this.require(userId));
  }

  async config(userId: number): Promise<UserConfig> {
    return toUserConfig(await this.users.config(userId));
  }

  async updateConfig(userId: number, patch: Partial<UserConfig>): Promise<UserConfig> {
    await this.users.updateConfig(userId, {
      ...(patch.dailyWordSwitch !== undefined && { daily_word_switch: patch.dailyWordSwitch }),
      ...(patch.webMediaSwitch !== undefined && { web_media_switch: patch.webMediaSwitch }),
      ...(patch.notifyEnabled !== undefined && { notify_enabled: patch.notifyEnabled }),
      ...(patch.notifyPreview !== undefined && { notify_preview: patch.notifyPreview }),
      ...(patch.notifySound !== undefined && { notify_sound: patch.notifySound }),
      ...(patch.language !== undefined && { language: patch.language }),
    });
    return this.config(userId);
  }

  /** The language the user chose, null when never chosen (read only when a refusal is answered). */
  async savedLanguage(userId: number): Promise<Language | null> {
    const saved = await this.users.savedLanguage(userId);
    return isLanguage(saved) ? saved : null;
  }

  /** Finds an active user by exact wtId, else by phone. */
  async findBySearchId(searchId: string): Promise<{ user: UserRow; source: 1 | 2 }> {
    const byId = await this.users.byWtId(searchId);
    if (byId && byId.status === 0) return { user: byId, source: 1 };
    if (isPhone(searchId)) {
      const byPhone = await this.users.byPhone(normalizePhone(searchId));
      if (byPhone && byPhone.status === 0) return { user: byPhone, source: 2 };
    }
    throw fail('userNotFound');
  }

  /**
   * POST /user/searchById: within the caller's lookup budget (429 beyond), and someone the users
   * policy hides from the caller (`user.see`) is answered exactly as an unknown user (10010).
   */
  async search(callerId: number, searchId: string): Promise<UserSearchResult> {
    await this.lookup(callerId);
    const { user, source } = await this.findBySearchId(searchId);
    const other = user.id !== callerId;
    authorize(
      usersPolicy,
      'user.see',
      { userId: callerId },
      {
        userId: user.id,
        blocksActor: other && (await this.blacklist.has(user.id, callerId)),
        friend: other && !!(await this.friendships.get(callerId, user.id)),
      },
    );
    return {
      userID: user.wt_id,
      wtId: user.wt_id,
      name: user.nick_name,
      nickName: user.nick_name,
      avatar: user.avatar,
      type: 'user',
      source,
    };
  }

  /** Touches updated_at; used by profile edits of later modules. */
  now(): number {
    return this.ctx.clock.now();
  }
}
