import {
  adminAuditBody,
  adminAuditPageSchema,
  adminBanBody,
  adminBanSchema,
  adminConfirmBody,
  adminConfirmSchema,
  adminOfficialBody,
  adminOfficialSchema,
  adminResetPasswordSchema,
  adminSignOutSchema,
  adminTargetBody,
} from '../models/admin.js';
import type { SchemasOf } from './define.js';
import type { adminRoutes } from './admin.routes.js';

export const adminSchemas = {
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
} as const satisfies SchemasOf<typeof adminRoutes>;
