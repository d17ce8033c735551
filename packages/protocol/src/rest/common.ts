import { z } from 'zod';
import { Limits } from '../constants.js';
import { intField, required, textField } from '../fields.js';
import { normalizePhone, PHONE_MAX_INPUT, PHONE_PATTERN } from '../phone.js';

export { required };

/** Shared field schemas: every route names its fields with these so texts stay consistent. */
// A mainland mobile number or an E.164 number, parsed to its stored form (phone.ts).
export const phoneSchema = z
  .string(required('手机号'))
  .max(PHONE_MAX_INPUT, { error: '手机号格式不正确', abort: true })
  .overwrite(normalizePhone)
  .regex(PHONE_PATTERN, '手机号格式不正确');

export const passwordSchema = z
  .string(required('密码'))
  .max(Limits.password.max, {
    error: `密码长度为${Limits.password.min}-${Limits.password.max}位`,
    abort: true,
  })
  .min(Limits.password.min, `密码长度为${Limits.password.min}-${Limits.password.max}位`)
  .max(Limits.password.max, `密码长度为${Limits.password.min}-${Limits.password.max}位`)
  .regex(/[A-Za-z]/, '密码须同时包含字母和数字')
  .regex(/\d/, '密码须同时包含字母和数字');

/** A password given at login is only checked for presence and size, never for strength. */
export const loginPasswordSchema = z
  .string(required('密码'))
  .max(128, { error: '密码过长', abort: true })
  .min(1, '密码不能为空');

export const wtIdSchema = z
  .string(required('ID'))
  .max(64, { error: `ID长度为${Limits.wtId.min}-${Limits.wtId.max}位`, abort: true })
  .trim()
  .min(Limits.wtId.min, `ID长度为${Limits.wtId.min}-${Limits.wtId.max}位`)
  .max(Limits.wtId.max, `ID长度为${Limits.wtId.min}-${Limits.wtId.max}位`)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'ID须以字母开头，只能包含字母、数字、下划线和减号')
  // IDs are case-insensitive (as WeChat IDs): stored and compared in lower case.
  .toLowerCase();

/**
 * An existing user named by wtId (calls, friends, tags, messages): any ID an account can have, the
 * seeded and reserved ones included (`bob`, 3 characters), so only its size is checked here; the
 * lookup ignores case. `wtIdSchema` is the rule for choosing a new ID at registration.
 */
export const wtIdRef = (label: string) => textField(label, { max: 64, min: 1, tooLong: `${label}过长` });

/** Nickname: 1–15 characters (stored in at most 64 UTF-16 units). */
export const nickNameSchema = textField('昵称', { max: Limits.nickName, min: 1, maxUnits: 64 });

export const pageQuerySchema = z.object({
  pageNum: intField('pageNum', { min: 1, max: 100000 }).default(1),
  pageSize: intField('pageSize', { min: 1, max: 100 }).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const emptySchema = z.object({}).optional();
