import type { AppContext } from '../../lib/context.js';
import { SessionGroupRepo } from './session-group.repo.js';
import { sessionGroupHandlers } from './session-groups.routes.js';
import { SessionGroupsService } from './session-groups.service.js';

/** Custom conversation tabs (docs/api.md "Session groups"). */
export function createSessionGroupsModule(ctx: AppContext) {
  const service = new SessionGroupsService(ctx, new SessionGroupRepo(ctx.db));
  return { service, handlers: sessionGroupHandlers(service) };
}
