import type { DomainHandlers } from '../../lib/route.js';
import type { ReportService } from './report.service.js';

/** The reports routes: thin handlers over the service. */
export function reportHandlers(service: ReportService): DomainHandlers<'reports'> {
  return {
    add: (r) => service.add(r.userId, r.body),
    dict: (r) => service.dict(r.body.dictType),
  };
}
