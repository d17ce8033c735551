import { definePolicy } from './policy.js';

/** How long a password confirmation lets an operator take destructive actions (ban, reset password). */
export const ADMIN_CONFIRM_MS = 10 * 60_000;

/** The caller of an admin route, as loaded (modules/admin/admin-guard.ts). */
export interface OperatorFacts {
  /** The caller holds the operator role (`users.is_operator`). */
  isOperator: boolean;
}

/** A destructive action: the operator, when their session last confirmed the password, and now. */
export interface ConfirmedFacts extends OperatorFacts {
  /** Unix ms of the session's last `POST /admin/confirm`; null: never. */
  confirmedAt: number | null;
  now: number;
}

const operator = (_actor: unknown, f: OperatorFacts) => (f.isOperator ? true : 'operatorOnly');

const confirmed = (actor: unknown, f: ConfirmedFacts) => {
  const role = operator(actor, f);
  if (role !== true) return role;
  return f.confirmedAt !== null && f.now - f.confirmedAt <= ADMIN_CONFIRM_MS ? true : 'adminConfirmRequired';
};

/**
 * The admin console: every action needs the operator role (28001 otherwise); a destructive one
 * also a password confirmation of the session within ADMIN_CONFIRM_MS (28002 otherwise).
 */
export const adminPolicy = definePolicy({
  'admin.overview': operator,
  'admin.audit.read': operator,
  'admin.confirm': operator,
  'admin.users.read': operator,
  'admin.user.unban': operator,
  'admin.user.signOut': operator,
  'admin.user.official': operator,
  'admin.reports.read': operator,
  'admin.report.handle': operator,
  'admin.user.ban': confirmed,
  'admin.user.resetPassword': confirmed,
});
