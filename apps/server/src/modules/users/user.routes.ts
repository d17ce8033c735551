import type { DomainHandlers } from '../../lib/route.js';
import type { CountersService } from './counters.service.js';
import type { ProfileService } from './profile.service.js';
import type { UserService } from './user.service.js';

/** Handlers of the `users` routes of the contract (packages/protocol/src/contract/users.ts). */
export function userHandlers(
  users: UserService,
  counters: CountersService,
  profile: ProfileService,
): DomainHandlers<'users'> {
  return {
    info: (r) => users.info(r.userId),
    config: (r) => users.config(r.userId),
    updateConfig: (r) => users.updateConfig(r.userId, r.body),
    searchById: (r) => users.search(r.userId, r.body.searchId),
    counters: (r) => counters.get(r.userId),
    updateProfile: (r) => profile.update(r.userId, r.body),
  };
}
