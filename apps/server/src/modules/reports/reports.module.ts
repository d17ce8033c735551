import type { AppContext } from '../../lib/context.js';
import { GroupRepo } from '../groups/group.repo.js';
import type { UsersModule } from '../users/users.module.js';
import { ReportRepo } from './report.repo.js';
import { ReportService, type ReportImages } from './report.service.js';
import { reportHandlers } from './reports.routes.js';

/** Reports of users and groups (POST /complaint/add) and the report-type dictionaries. */
export function createReportsModule(ctx: AppContext, users: UsersModule, images: ReportImages) {
  const service = new ReportService(ctx, new ReportRepo(ctx.db), users.repo, new GroupRepo(ctx.db), images);
  return { service, handlers: reportHandlers(service) };
}
