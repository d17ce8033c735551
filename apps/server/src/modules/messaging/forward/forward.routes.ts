import type { DomainHandlers } from '../../../lib/route.js';
import type { ForwardService } from './forward.service.js';

/** Handlers of the `forward` routes: POST /message/forward and /message/merger. */
export function forwardHandlers(forward: ForwardService): DomainHandlers<'forward'> {
  return {
    forward: (r) => forward.forward(r.userId, r.body),
    merger: (r) => forward.merger(r.body.downloadKey),
  };
}
