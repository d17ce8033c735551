import type { AppContext } from '../../lib/context.js';
import type { AuthModule } from '../auth/auth.module.js';
import type { UsersModule } from '../users/users.module.js';
import { HelperAccount } from './helper-account.js';
import { HelperFaqRepo } from './helper-faq.repo.js';
import { helperHandlers } from './helper.routes.js';
import { HelperService } from './helper.service.js';

/**
 * The official helper (docs/api.md "Helper"): its FAQ routes, and the welcome each new account gets
 * in its helper conversation when HELPER_WELCOME is on.
 */
export function createHelperModule(ctx: AppContext, users: UsersModule, auth: AuthModule) {
  const service = new HelperService(ctx, new HelperFaqRepo(ctx.db), new HelperAccount(ctx, users.repo));
  if (ctx.config.helperWelcome)
    auth.auth.onRegistered((userId) =>
      service
        .welcome(userId)
        .catch((err: unknown) => ctx.log.error({ err, userId }, 'helper welcome failed')),
    );
  return { service, handlers: helperHandlers(service) };
}
