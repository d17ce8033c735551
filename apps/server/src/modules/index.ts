import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { registerRoutes } from '../lib/route.js';
import { createAuthModule } from './auth/auth.module.js';
import { createFriendsModule } from './friends/friends.module.js';
import { createUploadsModule } from './uploads/uploads.module.js';
import { profileRoutes } from './users/profile.routes.js';
import { ProfileService } from './users/profile.service.js';
import { createUsersModule } from './users/users.module.js';

/**
 * Builds every domain module (services wired to their repos) and registers its routes.
 * Later modules receive the services they depend on from earlier ones.
 */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  const users = createUsersModule(ctx);
  const auth = createAuthModule(ctx, users);
  app.decorate('resolveSession', (token: string) => auth.sessions.resolve(token));
  const uploads = await createUploadsModule(app, ctx);
  const profile = new ProfileService(ctx, users.repo, (userId, url) =>
    uploads.service.isOwnImage(userId, url),
  );
  const friends = createFriendsModule(ctx, users);

  registerRoutes(app, [
    ...auth.routes,
    ...users.routes,
    ...profileRoutes(profile),
    ...uploads.routes,
    ...friends.routes,
  ]);
  return { users, auth, uploads, profile, friends };
}

export type Modules = Awaited<ReturnType<typeof registerModules>>;
