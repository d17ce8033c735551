import type { DomainHandlers } from '../../lib/route.js';
import type { AdminService } from './admin.service.js';

/** The admin routes: thin handlers over the service (which checks the operator role). */
export function adminHandlers(service: AdminService): DomainHandlers<'admin'> {
  return {
    overview: (r) => service.overview(r),
    users: (r) => service.searchUsers(r, r.body.keyword, r.body.pageNum),
    user: (r) => service.userPage(r, r.body.wtId),
    confirm: (r) => service.confirm(r, r.body.pwd),
    ban: (r) => service.ban(r, r.body.wtId, r.body.banReason, r.body.banUntil),
    unban: (r) => service.unban(r, r.body.wtId),
    signOut: (r) => service.signOut(r, r.body.wtId),
    resetPassword: (r) => service.resetPassword(r, r.body.wtId),
    official: (r) => service.official(r, r.body.wtId, r.body.isOfficial),
    audit: (r) => service.audit(r, r.body),
    reports: (r) => service.reports(r, r.body),
    reportDismiss: (r) => service.closeReport(r, r.body.reportId, 2),
    reportHandled: (r) => service.closeReport(r, r.body.reportId, 1),
    reportBanSender: (r) => service.banReported(r, r.body.reportId, r.body.banReason, r.body.banUntil),
  };
}
