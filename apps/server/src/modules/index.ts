import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { registerContract, type DomainHandlers } from '../lib/route.js';
import { createAdminModule } from './admin/admin.module.js';
import { createAuthModule } from './auth/auth.module.js';
import { createCallsModule } from './calls/calls.module.js';
import { createFavoritesModule } from './favorites/favorites.module.js';
import { createFriendsModule } from './friends/friends.module.js';
import { createGroupsModule } from './groups/groups.module.js';
import { createReportsModule } from './reports/reports.module.js';
import { createMomentsModule } from './moments/moments.module.js';
import { createMessagingModule } from './messaging/messaging.module.js';
import { createGroupMessagingModule } from './messaging/group/group-messaging.module.js';
import { forwardHandlers } from './messaging/forward/forward.routes.js';
import { ForwardService } from './messaging/forward/forward.service.js';
import { createMembershipModule } from './membership/membership.module.js';
import { createTranslationModule } from './translation/translation.module.js';
import { createHelperModule } from './helper/helper.module.js';
import { createPinsModule } from './pins/pins.module.js';
import { createReactionsModule } from './reactions/reactions.module.js';
import { createQuickPhrasesModule } from './quick-phrases/quick-phrases.module.js';
import { createSessionGroupsModule } from './session-groups/session-groups.module.js';
import { createUploadsModule } from './uploads/uploads.module.js';
import { ProfileService } from './users/profile.service.js';
import { userHandlers } from './users/user.routes.js';
import { createUsersModule } from './users/users.module.js';

/**
 * Builds every domain module (services wired to their repos) and registers the contract's routes
 * with their handlers. Later modules receive the services they depend on from earlier ones.
 */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  system: DomainHandlers<'system'>,
) {
  const users = createUsersModule(ctx);
  const auth = createAuthModule(ctx, users);
  app.decorate('resolveSession', (token: string) => auth.sessions.resolve(token));
  app.decorate('savedLanguage', (userId: number) => users.service.savedLanguage(userId));
  const uploads = await createUploadsModule(app, ctx);
  const profile = new ProfileService(ctx, users.repo, (userId, url) =>
    uploads.service.isOwnImage(userId, url),
  );
  const friends = createFriendsModule(ctx, users);
  const messaging = createMessagingModule(ctx, users, friends, uploads.service);
  const groups = createGroupsModule(ctx, users, friends, (userId, url) =>
    uploads.service.isOwnImage(userId, url),
  );
  const groupMessaging = createGroupMessagingModule(ctx, users, messaging, groups);
  const reports = createReportsModule(ctx, users, {
    uploadOf: async (url) => {
      const row = await uploads.service.byUrl(url);
      return row && { ownerId: Number(row.owner_id), kind: row.kind, mime: row.mime };
    },
  });
  const calls = createCallsModule(ctx, users, friends, groups);
  const forward = new ForwardService(ctx, messaging.send);
  const favorites = createFavoritesModule(ctx, users);
  const translation = createTranslationModule(ctx, uploads.service);
  const membership = createMembershipModule(ctx);
  const moments = createMomentsModule(ctx, users, uploads.service);
  const quickPhrases = createQuickPhrasesModule(ctx);
  const sessionGroups = createSessionGroupsModule(ctx);
  const helper = createHelperModule(ctx, users, auth);
  const pins = createPinsModule(ctx, users, messaging);
  const reactions = createReactionsModule(ctx, users);
  const admin = createAdminModule(ctx);

  registerContract(
    app,
    {
      system,
      auth: auth.handlers,
      users: userHandlers(users.service, users.counters, profile),
      uploads: uploads.handlers,
      friends: friends.handlers,
      tags: friends.tagHandlers,
      messages: messaging.handlers,
      conversations: messaging.conversationHandlers,
      forward: forwardHandlers(forward),
      favorites: favorites.handlers,
      calls: calls.handlers,
      groups: groups.handlers,
      groupMessages: groupMessaging.handlers,
      groupInvitations: groups.invitationHandlers,
      reports: reports.handlers,
      translation: translation.handlers,
      membership: membership.handlers,
      moments: moments.handlers,
      quickPhrases: quickPhrases.handlers,
      sessionGroups: sessionGroups.handlers,
      helper: helper.handlers,
      pins: pins.handlers,
      reactions: reactions.handlers,
      admin: admin.handlers,
    },
    { validateResponses: ctx.config.env === 'test' },
  );
  return {
    admin,
    users,
    auth,
    uploads,
    profile,
    friends,
    messaging,
    calls,
    groups,
    groupMessaging,
    reports,
    translation,
    membership,
    moments,
  };
}

export type Modules = Awaited<ReturnType<typeof registerModules>>;
