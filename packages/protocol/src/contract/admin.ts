import {
  adminAuditBody,
  adminAuditPageSchema,
  adminBanBody,
  adminBanSchema,
  adminConfirmBody,
  adminConfirmSchema,
  adminOfficialBody,
  adminOverviewSchema,
  adminUserPageSchema,
  adminUsersBody,
  adminUsersPageSchema,
  adminOfficialSchema,
  adminResetPasswordSchema,
  adminSignOutSchema,
  adminReportBanBody,
  adminReportBody,
  adminReportsBody,
  adminReportsPageSchema,
  adminReportStateSchema,
  adminTargetBody,
} from '../models/admin.js';
import type { SchemasOf } from './define.js';
import type { adminRoutes } from './admin.routes.js';

export const adminSchemas = {
  overview: { response: adminOverviewSchema, errors: ['operatorOnly'] },
  users: { body: adminUsersBody, response: adminUsersPageSchema, errors: ['operatorOnly'] },
  user: { body: adminTargetBody, response: adminUserPageSchema, errors: ['operatorOnly', 'userNotFound'] },
  confirm: {
    body: adminConfirmBody,
    response: adminConfirmSchema,
    errors: ['operatorOnly', 'wrongPassword'],
  },
  ban: {
    body: adminBanBody,
    response: adminBanSchema,
    errors: ['operatorOnly', 'adminConfirmRequired', 'userNotFound'],
  },
  unban: { body: adminTargetBody, response: adminBanSchema, errors: ['operatorOnly', 'userNotFound'] },
  signOut: { body: adminTargetBody, response: adminSignOutSchema, errors: ['operatorOnly', 'userNotFound'] },
  resetPassword: {
    body: adminTargetBody,
    response: adminResetPasswordSchema,
    errors: ['operatorOnly', 'adminConfirmRequired', 'userNotFound'],
  },
  official: {
    body: adminOfficialBody,
    response: adminOfficialSchema,
    errors: ['operatorOnly', 'userNotFound'],
  },
  audit: { body: adminAuditBody, response: adminAuditPageSchema, errors: ['operatorOnly'] },
  reports: { body: adminReportsBody, response: adminReportsPageSchema, errors: ['operatorOnly'] },
  reportDismiss: {
    body: adminReportBody,
    response: adminReportStateSchema,
    errors: ['operatorOnly', 'adminReportNotFound'],
  },
  reportHandled: {
    body: adminReportBody,
    response: adminReportStateSchema,
    errors: ['operatorOnly', 'adminReportNotFound'],
  },
  reportBanSender: {
    body: adminReportBanBody,
    response: adminReportStateSchema,
    errors: ['operatorOnly', 'adminConfirmRequired', 'adminReportNotFound', 'adminReportNotUser'],
  },
} as const satisfies SchemasOf<typeof adminRoutes>;
