import type { UserConfig, UserInfo, UserSearchResult } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo, UserRow } from './user.repo.js';
import { toUserConfig, toUserInfo } from './user.presenter.js';

/** The user's own account, settings and lookup of others by wtId or phone. */
export class UserService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
  ) {}

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
    });
    return this.config(userId);
  }

  /** Finds an active user by exact wtId, else by phone. */
  async findBySearchId(searchId: string): Promise<{ user: UserRow; source: 1 | 2 }> {
    const byId = await this.users.byWtId(searchId);
    if (byId && byId.status === 0) return { user: byId, source: 1 };
    if (/^1\d{10}$/.test(searchId)) {
      const byPhone = await this.users.byPhone(searchId);
      if (byPhone && byPhone.status === 0) return { user: byPhone, source: 2 };
    }
    throw fail('userNotFound');
  }

  async search(searchId: string): Promise<UserSearchResult> {
    const { user, source } = await this.findBySearchId(searchId);
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
