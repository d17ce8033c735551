import { updateProfileBody } from '@parley/protocol';
import { route, type RouteDef } from '../../lib/route.js';
import type { ProfileService } from './profile.service.js';

export function profileRoutes(profile: ProfileService): RouteDef[] {
  return [
    route({
      method: 'POST',
      url: '/user/updateProfile',
      body: updateProfileBody,
      okMsg: '修改成功',
      handler: (r) => profile.update(r.userId, r.body),
    }),
  ] as RouteDef[];
}
