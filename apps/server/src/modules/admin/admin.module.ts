import type { AppContext } from '../../lib/context.js';
import { adminHandlers } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** The admin console's routes (operators only). */
export function createAdminModule(ctx: AppContext) {
  let sockets = () => 0;
  const service = new AdminService(ctx, () => sockets());
  return {
    service,
    handlers: adminHandlers(service),
    /** The node's open sockets, for the overview (the gateway starts after the modules). */
    countSockets(count: () => number) {
      sockets = count;
    },
  };
}
