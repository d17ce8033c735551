import type { AppContext } from '../../lib/context.js';
import { groupsPolicy } from '../../policies/groups.policy.js';
import { authorize } from '../../policies/policy.js';
import type { FriendsModule } from '../friends/friends.module.js';
import type { AvatarCheck } from '../users/profile.service.js';
import type { UsersModule } from '../users/users.module.js';
import { GroupExtraRepo } from './group-extra.repo.js';
import { GroupAccess } from './group.access.js';
import { GroupCounters } from './group.events.js';
import { GroupHooks, GroupTips } from './group.hooks.js';
import { GroupRepo } from './group.repo.js';
import { GroupAdditions } from './additions.js';
import { groupHandlers, invitationHandlers } from './groups.routes.js';
import { InvitationService } from './invitations.service.js';
import { GroupsService } from './groups.service.js';
import { JoinService } from './join.service.js';
import { MembersService } from './members.service.js';

/**
 * Groups: creation, profile and switches, roles, members, mutes, blacklist, join applications and
 * notices. Registers the group notification counters and answers the friends module's
 * questions (commonGroupCount, member protection) through `friends.hooks.groups`.
 */
export function createGroupsModule(
  ctx: AppContext,
  users: UsersModule,
  friends: FriendsModule,
  isOwnImage: AvatarCheck,
) {
  const repo = new GroupRepo(ctx.db);
  const extra = new GroupExtraRepo(ctx.db);
  const access = new GroupAccess(ctx, repo, users.repo);
  const counters = new GroupCounters(ctx, extra, users.counters);
  const hooks = new GroupHooks(ctx.log);
  const tips = new GroupTips(hooks, users.repo, () => ctx.clock.now());
  const additions = new GroupAdditions(ctx, (userId, ids) => friends.blacklist.relationsAmong(userId, ids));
  const groups = new GroupsService(ctx, repo, access, counters, tips, isOwnImage, additions);
  const members = new MembersService(ctx, repo, access, counters, tips, additions);
  const join = new JoinService(ctx, repo, extra, access, members, counters);
  const invitations = new InvitationService(ctx, repo, join, members, counters);

  users.counters.register((userId) => counters.of(userId));
  friends.hooks.groups = {
    commonCount: (a, b) => groups.commonCount(a, b),
    assertMayBefriend: async (a, b) =>
      authorize(
        groupsPolicy,
        'friend.apply',
        { userId: a },
        { protectedPair: await repo.protectedPair(a, b) },
      ),
  };

  return {
    groups,
    members,
    join,
    access,
    hooks,
    handlers: groupHandlers({ groups, members, join }),
    invitationHandlers: invitationHandlers(invitations),
  };
}
export type GroupsModule = ReturnType<typeof createGroupsModule>;
