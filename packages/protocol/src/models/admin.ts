import { z } from 'zod';
import { intEnum, intField, textField } from '../fields.js';

/** The admin console (docs/api.md "Admin"): operators only. */
export const ADMIN_AUDIT_PAGE = 20;

const wtId = textField('wtId', { max: 64, min: 1 });

/** POST /admin/confirm: the operator's own password, again. */
export const adminConfirmBody = z.object({ pwd: textField('pwd', { max: 64, min: 1, trim: false }) });
export const adminConfirmSchema = z.object({ confirmedAt: z.number() });

/** Ban sending: `banUntil` (unix ms) its end, absent for no end. */
export const adminBanBody = z.object({
  wtId,
  banReason: textField('banReason', { max: 200, min: 1 }),
  banUntil: intField('banUntil', { min: 1 }).optional(),
});
export const adminTargetBody = z.object({ wtId });
export const adminBanSchema = z.object({ wtId: z.string(), sendBannedUntil: z.number() });

/** The audit log's filters; pages of ADMIN_AUDIT_PAGE rows, newest first. */
export const adminAuditBody = z.object({
  adminAction: textField('adminAction', { max: 64 }).optional(),
  operatorWtId: textField('operatorWtId', { max: 64 }).optional(),
  targetWtId: textField('targetWtId', { max: 64 }).optional(),
  pageNum: intField('pageNum', { min: 1, max: 10_000 }).optional(),
});
export const adminAuditEntrySchema = z.object({
  id: z.number(),
  operatorWtId: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.number(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total: z.number(),
});

/** Sign out everywhere: how many sessions ended. */
export const adminSignOutSchema = z.object({ wtId: z.string(), sessionsEnded: z.number() });
/** Reset password: the new one-time password, shown once (only its hash is stored). */
export const adminResetPasswordSchema = z.object({
  wtId: z.string(),
  password: z.string(),
  sessionsEnded: z.number(),
});
/** Grant (isOfficial 1) or revoke (0) the official mark. */
export const adminOfficialBody = z.object({ wtId, isOfficial: intEnum('isOfficial', [0, 1]) });
export const adminOfficialSchema = z.object({ wtId: z.string(), isOfficial: z.number() });

/** A report's state in the queue: 0 new, 1 handled, 2 dismissed. */
export const ReportState = { new: 0, handled: 1, dismissed: 2 } as const;
export const ADMIN_REPORTS_PAGE = 20;
export const adminReportsBody = z.object({
  reportState: intEnum('reportState', [0, 1, 2]).optional(),
  pageNum: intField('pageNum', { min: 1, max: 10_000 }).optional(),
});
export const adminReportSchema = z.object({
  id: z.number(),
  reporterWtId: z.string(),
  /** 0 a user (target: wtId), 1 a group (target: group number). */
  targetType: z.number(),
  target: z.string(),
  complaintType: z.string(),
  detail: z.string(),
  images: z.array(z.string()),
  reportState: z.number(),
  createdAt: z.number(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsPageSchema = z.object({ reports: z.array(adminReportSchema), total: z.number() });
export const adminReportBody = z.object({ reportId: intField('reportId', { min: 1 }) });
export const adminReportBanBody = adminReportBody.extend({
  banReason: adminBanBody.shape.banReason,
  banUntil: adminBanBody.shape.banUntil,
});
export const adminReportStateSchema = z.object({ reportId: z.number(), reportState: z.number() });

/** The overview: accounts, today's activity (since 00:00 UTC), live sockets (this node) and calls. */
export const adminOverviewSchema = z.object({
  usersTotal: z.number(),
  activeToday: z.number(),
  messagesToday: z.number(),
  socketsNow: z.number(),
  callsNow: z.number(),
});
export const ADMIN_USERS_PAGE = 20;
export const adminUsersBody = z.object({
  keyword: textField('keyword', { max: 64, min: 1 }),
  pageNum: intField('pageNum', { min: 1, max: 10_000 }).optional(),
});
export const adminUserSchema = z.object({
  wtId: z.string(),
  phone: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  status: z.number(),
  isOfficial: z.number(),
  isOperator: z.boolean(),
  sendBannedUntil: z.number(),
  createdAt: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number() });

/** One account's page: its profile and counts. */
export const adminUserPageSchema = z.object({
  user: adminUserSchema,
  sessions: z.number(),
  groups: z.number(),
  reportsAgainst: z.number(),
});
