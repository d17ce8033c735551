import { post } from './define.js';

/** The admin console (docs/api.md "Admin"): operators only (28001 otherwise). */
export const adminRoutes = {
  overview: post('/admin/overview'),
  users: post('/admin/users'),
  user: post('/admin/user'),
  confirm: post('/admin/confirm'),
  ban: post('/admin/user/ban'),
  unban: post('/admin/user/unban'),
  signOut: post('/admin/user/signOut'),
  resetPassword: post('/admin/user/resetPassword'),
  official: post('/admin/user/official'),
  audit: post('/admin/audit'),
  reports: post('/admin/reports'),
  reportDismiss: post('/admin/report/dismiss'),
  reportHandled: post('/admin/report/handled'),
  reportBanSender: post('/admin/report/banSender'),
} as const;
