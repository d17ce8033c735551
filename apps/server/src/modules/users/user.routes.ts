import { searchByIdBody, updateUserConfigBody } from '@parley/protocol';
import { route, type RouteDef } from '../../lib/route.js';
import type { CountersService } from './counters.service.js';
import type { UserService } from './user.service.js';

export function userRoutes(users: UserService, counters: CountersService): RouteDef[] {
  return [
    route({ method: 'GET', url: '/user/info', handler: (r) => users.info(r.userId) }),
    route({ method: 'GET', url: '/user/userConfig/getInfo', handler: (r) => users.config(r.userId) }),
    route({
      method: 'POST',
      url: '/user/userConfig/update',
      body: updateUserConfigBody,
      handler: (r) => users.updateConfig(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/user/searchById',
      body: searchByIdBody,
      handler: (r) => users.search(r.body.searchId),
    }),
    route({ method: 'GET', url: '/user/counters', handler: (r) => counters.get(r.userId) }),
  ] as RouteDef[];
}
