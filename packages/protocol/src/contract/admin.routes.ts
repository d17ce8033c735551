import { post } from './define.js';

/** The admin console (docs/api.md "Admin"): operators only (28001 otherwise). */
export const adminRoutes = {
  confirm: post('/admin/confirm'),
  ban: post('/admin/user/ban'),
  unban: post('/admin/user/unban'),
  audit: post('/admin/audit'),
} as const;
