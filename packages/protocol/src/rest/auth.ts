import { z } from 'zod';
import { textField } from '../fields.js';
import { loginPasswordSchema, nickNameSchema, passwordSchema, phoneSchema, wtIdSchema } from './common.js';

/** POST /api/user/login/register */
export const registerBody = z.object({
  phone: phoneSchema,
  pwd: passwordSchema,
  nickName: nickNameSchema,
  wtId: wtIdSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/user/login/pwd */
export const loginPwdBody = z.object({ phone: phoneSchema, pwd: loginPasswordSchema });
export type LoginPwdBody = z.infer<typeof loginPwdBody>;

/** POST /api/user/login/id */
export const loginIdBody = z.object({
  wtId: textField('ID', { max: 64, min: 1, tooLong: 'ID过长' }),
  pwd: loginPasswordSchema,
});
export type LoginIdBody = z.infer<typeof loginIdBody>;

/** POST /api/user/login/step2pwd — completes a login that answered 712. */
/** Opaque tokens (tickets, QR codes) keep their exact text: not trimmed. */
const token = (label: string) => textField(label, { max: 128, min: 1, trim: false, tooLong: `${label}过长` });

export const step2Body = z.object({
  ticket: token('ticket'),
  pwd: loginPasswordSchema,
});
export type Step2Body = z.infer<typeof step2Body>;

/** POST /api/user/login/step2pwd/tips */
export const step2TipsBody = z.object({
  ticket: token('ticket'),
});

/** POST /api/user/login/qrCode — polled by the login page. */
export const qrPollBody = z.object({
  qrCode: token('qrCode'),
});
/** POST /api/user/login/qrCode/confirm — a logged-in session confirms a code. */
export const qrConfirmBody = qrPollBody;

/** POST /api/user/setStep2Pwd — set or clear the second-step password. */
export const setStep2Body = z.object({
  pwd: z.union([passwordSchema, z.literal('')]),
  tips: textField('提示', { max: 30, maxUnits: 64 }).optional(),
  currentPwd: loginPasswordSchema,
});

// Answer types (UserInfo, LoginResult, ...) live in ../models/user.ts.
