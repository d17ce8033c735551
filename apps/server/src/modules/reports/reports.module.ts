import type { AppContext } from '../../lib/context.js';
import type { DomainHandlers } from '../../lib/route.js';
import { GroupRepo } from '../groups/group.repo.js';
import type { UsersModule } from '../users/users.module.js';
import { ReportRepo } from './report.repo.js';
import { ReportService, type ReportImages } from './report.service.js';

/** Reports of users and groups (POST /complaint/add) and the report-type dictionaries. */
export function createReportsModule(ctx: AppContext, users: UsersModule, images: ReportImages) {
  const service = new ReportService(ctx, new ReportRepo(ctx.db), users.repo, new GroupRepo(ctx.db), images);
  const handlers: DomainHandlers<'reports'> = {
    add: (r) => service.add(r.userId, r.body),
    dict: (r) => service.dict(r.body.dictType),
  };
  return { service, handlers };
}
