import { isPhone, Limits } from '@parley/protocol';

/**
 * Client-side checks with the same rules and texts as the protocol schemas (packages/protocol
 * rest/common.ts). They return i18n keys of the 'auth' namespace (zh-CN values are the server texts)
 * so messages follow the UI language; the server validates again with the zod schemas.
 */
export type Check = (value: string) => string | null;

/** A mainland mobile number or an E.164 one ('+81 90 1234 5678'); spaces and dashes are fine. */
export const checkPhone: Check = (v) => {
  const s = v.trim();
  if (!s) return 'errors.phoneRequired';
  return isPhone(s) ? null : 'errors.phoneInvalid';
};

export const checkLoginPwd: Check = (v) => (v ? null : 'errors.pwdRequired');

export const checkNewPwd: Check = (v) => {
  if (!v) return 'errors.pwdRequired';
  if (v.length < Limits.password.min || v.length > Limits.password.max) return 'errors.pwdLength';
  return /[A-Za-z]/.test(v) && /\d/.test(v) ? null : 'errors.pwdStrength';
};

export const checkLoginId: Check = (v) => (v.trim() ? null : 'errors.idRequired');

/** Optional at registration: empty passes. */
export const checkNewWtId: Check = (v) => {
  const s = v.trim();
  if (!s) return null;
  if (s.length < Limits.wtId.min || s.length > Limits.wtId.max) return 'errors.idLength';
  return /^[A-Za-z][A-Za-z0-9_-]*$/.test(s) ? null : 'errors.idPattern';
};

export const checkNickName: Check = (v) => {
  const s = v.trim();
  if (!s) return 'errors.nickRequired';
  return s.length > Limits.nickName ? 'errors.nickLength' : null;
};

/** Runs the checks of a form; returns the first error key per field. */
export function validate<F extends string>(
  values: Record<F, string>,
  checks: Partial<Record<F, Check>>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const key of Object.keys(checks) as F[]) {
    const err = checks[key]?.(values[key]);
    if (err) errors[key] = err;
  }
  return errors;
}
