import { z } from 'zod';
import {
  required,
  loginPasswordSchema,
  nickNameSchema,
  passwordSchema,
  phoneSchema,
  wtIdSchema,
} from './common.js';

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
  wtId: z.string(required('ID')).trim().min(1, 'ID不能为空').max(64, 'ID过长'),
  pwd: loginPasswordSchema,
});
export type LoginIdBody = z.infer<typeof loginIdBody>;

/** POST /api/user/login/step2pwd — completes a login that answered 712. */
export const step2Body = z.object({
  ticket: z.string(required('ticket')).min(1, 'ticket不能为空').max(128),
  pwd: loginPasswordSchema,
});
export type Step2Body = z.infer<typeof step2Body>;

/** POST /api/user/login/step2pwd/tips */
export const step2TipsBody = z.object({
  ticket: z.string(required('ticket')).min(1, 'ticket不能为空').max(128),
});

/** POST /api/user/login/qrCode — polled by the login page. */
export const qrPollBody = z.object({
  qrCode: z.string(required('qrCode')).min(1, 'qrCode不能为空').max(128),
});
/** POST /api/user/login/qrCode/confirm — a logged-in session confirms a code. */
export const qrConfirmBody = qrPollBody;

/** POST /api/user/setStep2Pwd — set or clear the second-step password. */
export const setStep2Body = z.object({
  pwd: z.union([passwordSchema, z.literal('')]),
  tips: z.string().trim().max(30, '提示不能超过30个字符').optional(),
  currentPwd: loginPasswordSchema,
});

/** The logged-in user as SPEC §3 "User" describes it. */
export interface UserInfo {
  userId: string;
  wtId: string;
  phone: string;
  nickName: string;
  avatar: string;
  bio: string;
  vipLevel: number;
  vipType: number;
  hasStep2Pwd: boolean;
}

/** Answer of a completed login: the session plus the user. */
export interface LoginResult extends UserInfo {
  token: string;
  imToken: string;
  expiresAt: number;
}

/** Answer of a login that needs the second step (code 712). */
export interface Step2Challenge {
  ticket: string;
  tips: string;
}

export interface QrCodeIssued {
  qrCode: string;
  expiresAt: number;
}

/** status: 0 waiting, 1 scanned, 2 confirmed (then the session fields are filled). */
export interface QrPollResult {
  status: 0 | 1 | 2;
  expiresAt: number;
  login?: LoginResult;
}
