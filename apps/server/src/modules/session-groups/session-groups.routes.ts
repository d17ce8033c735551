import type { DomainHandlers } from '../../lib/route.js';
import type { SessionGroupsService } from './session-groups.service.js';

/** Handlers of the `sessionGroups` routes of the contract (packages/protocol/src/contract/session-groups.ts). */
export function sessionGroupHandlers(groups: SessionGroupsService): DomainHandlers<'sessionGroups'> {
  return {
    list: (r) => groups.list(r.userId),
    hide: (r) => groups.hide(r.userId, r.body.id, r.body.hideStatus),
    sort: (r) => groups.sort(r.userId, r.body.ids),
    add: (r) => groups.add(r.userId, r.body),
    remove: (r) => groups.remove(r.userId, r.body.ids),
    update: (r) => groups.update(r.userId, r.body),
    getById: (r) => groups.getById(r.userId, r.body.id),
  };
}
