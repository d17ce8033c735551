import type { AppContext } from '../../lib/context.js';
import type { UsersModule } from '../users/users.module.js';
import { ApplicationRepo } from './application.repo.js';
import { ApplicationService } from './application.service.js';
import { BlacklistRepo } from './blacklist.repo.js';
import { BlacklistService } from './blacklist.service.js';
import { FriendHooks } from './friend.hooks.js';
import { FriendViews } from './friend.view.js';
import { friendHandlers } from './friends.routes.js';
import { FriendsService } from './friends.service.js';
import { FriendshipRepo } from './friendship.repo.js';
import { NoticeService } from './notice.service.js';
import { TagRepo } from './tag.repo.js';
import { TagService } from './tag.service.js';
import { tagHandlers } from './tags.routes.js';

/**
 * Friends, applications, blacklist, tags and friend notices. Exposes `blacklist.canMessage` /
 * `mayMessage` (a step function) for the messaging engine and `hooks` ('friendship.deleted', ...) for modules that
 * react to relation changes; registers the `friendApplyUnread` counter.
 */
export function createFriendsModule(ctx: AppContext, users: UsersModule) {
  const friendships = new FriendshipRepo(ctx.db);
  const apps = new ApplicationRepo(ctx.db);
  const blacklistRepo = new BlacklistRepo(ctx.db);
  const tagRepo = new TagRepo(ctx.db);
  const hooks = new FriendHooks(ctx.log);
  const views = new FriendViews(friendships, tagRepo, blacklistRepo);

  const applications = new ApplicationService(
    ctx,
    users.repo,
    apps,
    friendships,
    blacklistRepo,
    views,
    users.counters,
    hooks,
  );
  const friends = new FriendsService(
    ctx,
    users.repo,
    friendships,
    apps,
    blacklistRepo,
    tagRepo,
    views,
    hooks,
  );
  const blacklist = new BlacklistService(ctx, users.repo, blacklistRepo, friendships, views, hooks);
  const tags = new TagService(ctx, users.repo, tagRepo, friendships, views);
  const notices = new NoticeService(ctx, users.repo, friendships, blacklistRepo, hooks);

  users.counters.register(async (userId) => ({ friendApplyUnread: await applications.unreadCount(userId) }));

  return {
    applications,
    friends,
    blacklist,
    tags,
    notices,
    hooks,
    handlers: friendHandlers({ applications, friends, blacklist, notices }),
    tagHandlers: tagHandlers(tags),
  };
}
export type FriendsModule = ReturnType<typeof createFriendsModule>;
