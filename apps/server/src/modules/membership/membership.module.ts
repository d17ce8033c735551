import type { AppContext } from '../../lib/context.js';
import { membershipHandlers } from './membership.routes.js';
import { MembershipService } from './membership.service.js';

/** Membership codes and the end of memberships: the service, its route and the lapse sweeper. */
export function createMembershipModule(ctx: AppContext) {
  const service = new MembershipService(ctx);
  let sweeper: NodeJS.Timeout | null = null;
  let sweeping = false;
  const startSweeper = () => {
    if (ctx.config.memberSweepMs <= 0 || sweeper) return;
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      service
        .sweep()
        .catch((err: unknown) => ctx.log.error({ err }, 'membership sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, ctx.config.memberSweepMs);
    sweeper.unref();
  };
  const stopSweeper = () => {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
  };
  return { service, handlers: membershipHandlers(service), startSweeper, stopSweeper };
}
export type MembershipModule = ReturnType<typeof createMembershipModule>;
