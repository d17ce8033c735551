import type { AppContext } from '../../lib/context.js';
import { adminHandlers } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** The admin console's routes (operators only). */
export function createAdminModule(ctx: AppContext) {
  const service = new AdminService(ctx);
  return { service, handlers: adminHandlers(service) };
}
