/**
 * Phone numbers (docs/api.md "Phone numbers"): a mainland mobile number (`1[3-9]` + 9 digits,
 * stored as those 11 digits) or an international number in E.164 form (`+`, then 8–15 digits, the
 * first 1–9, stored with its `+`). Spaces, dashes, dots and parentheses are dropped, and `+86`
 * before a mainland mobile number is the same number as without it.
 */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|\+[1-9]\d{7,14})$/;

/** Longest input accepted before normalizing (a formatted '+81 (90) 1234-5678' fits easily). */
export const PHONE_MAX_INPUT = 32;

/** The stored form: '+86 138-1234-5678' → '13812345678', '+81 90 1234 5678' → '+819012345678'. */
export function normalizePhone(raw: string): string {
  const s = raw.trim().replace(/[\s\-().]/g, '');
  return /^\+861[3-9]\d{9}$/.test(s) ? s.slice(3) : s;
}

/** Whether `raw`, once normalized, is a phone number Parley accepts. */
export function isPhone(raw: string): boolean {
  return raw.length <= PHONE_MAX_INPUT && PHONE_PATTERN.test(normalizePhone(raw));
}
