import { type UpdateProfileBody, type UserInfo } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo } from './user.repo.js';
import { toUserInfo } from './user.presenter.js';

/** Answers whether `url` is an image this server issued to the user (the uploads module provides it). */
export type AvatarCheck = (userId: number, url: string) => Promise<boolean>;

/** The user's own profile: nickname, avatar and bio (issue 4, item 6). */
export class ProfileService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly isOwnImage: AvatarCheck,
  ) {}

  async update(userId: number, body: UpdateProfileBody): Promise<UserInfo> {
    if (body.avatar && !(await this.isOwnImage(userId, body.avatar))) {
      throw fail('avatarInvalid', undefined, { field: 'avatar' });
    }
    await this.users.update(userId, {
      ...(body.nickName !== undefined && { nick_name: body.nickName }),
      ...(body.avatar !== undefined && { avatar: body.avatar }),
      ...(body.bio !== undefined && { bio: body.bio }),
      updated_at: this.ctx.clock.now(),
    });
    const user = await this.users.byId(userId);
    if (!user) throw fail('userNotFound');
    const info = toUserInfo(user);
    await this.ctx.realtime.emit([userId], 'user.updated', info);
    return info;
  }
}
