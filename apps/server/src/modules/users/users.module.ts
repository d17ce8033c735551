import type { AppContext } from '../../lib/context.js';
import { CountersService } from './counters.service.js';
import { UserRepo } from './user.repo.js';
import { UserService } from './user.service.js';

export function createUsersModule(ctx: AppContext) {
  const repo = new UserRepo(ctx.db);
  const service = new UserService(ctx, repo);
  const counters = new CountersService(ctx);
  return { repo, service, counters };
}
export type UsersModule = ReturnType<typeof createUsersModule>;
