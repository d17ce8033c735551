import type { DomainHandlers } from '../../lib/route.js';
import type { MembershipService } from './membership.service.js';

export function membershipHandlers(service: MembershipService): DomainHandlers<'membership'> {
  return { redeem: (r) => service.redeem(r.userId, r.body.code) };
}
