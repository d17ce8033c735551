import type { DomainHandlers } from '../../lib/route.js';
import type { PinsService } from './pins.service.js';

/** Handlers of the `pins` routes of the contract (packages/protocol/src/contract/pins.ts). */
export function pinHandlers(pins: PinsService): DomainHandlers<'pins'> {
  return {
    list: (r) => pins.list(r.userId, r.body.toUserWtId),
    add: (r) => pins.add(r.userId, r.body),
    remove: (r) => pins.remove(r.userId, r.body.id),
    removeByMsg: (r) => pins.removeByMsg(r.userId, r.body.toUserWtId, r.body.msgId),
  };
}
