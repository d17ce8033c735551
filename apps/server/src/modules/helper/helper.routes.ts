import type { DomainHandlers } from '../../lib/route.js';
import type { HelperService } from './helper.service.js';

/** Handlers of the `helper` routes of the contract (packages/protocol/src/contract/helper.ts). */
export function helperHandlers(helper: HelperService): DomainHandlers<'helper'> {
  return {
    list: () => helper.list(),
    question: (r) => helper.question(r.userId, r.body.id),
    keyWord: (r) => helper.keyWord(r.userId, r.body.keyWord),
  };
}
