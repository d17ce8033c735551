import { z } from 'zod';
import {
  loginIdBody,
  loginPwdBody,
  qrConfirmBody,
  qrPollBody,
  registerBody,
  setStep2Body,
  step2Body,
  step2TipsBody,
} from '../rest/auth.js';
import { nullData } from '../models/common.js';
import { loginResultSchema, qrCodeIssuedSchema, qrPollResultSchema, qrStatusSchema } from '../models/user.js';
import { post, type SchemasOf } from './define.js';

/** Registration, password / second-step / QR login, logout. */
export const authRoutes = {
  register: post('/user/login/register', { auth: false }),
  loginByPhone: post('/user/login/pwd', { auth: false }),
  loginById: post('/user/login/id', { auth: false }),
  step2: post('/user/login/step2pwd', { auth: false }),
  step2Tips: post('/user/login/step2pwd/tips', { auth: false }),
  setStep2: post('/user/setStep2Pwd'),
  logout: post('/user/logout'),
  logoutOthers: post('/user/logoutOthers'),
  genQrCode: post('/user/login/genQrCode', { auth: false }),
  pollQrCode: post('/user/login/qrCode', { auth: false }),
  scanQrCode: post('/user/login/qrCode/scan'),
  confirmQrCode: post('/user/login/qrCode/confirm'),
} as const;

const login = ['wrongPassword', 'loginLocked', 'accountDisabled', 'step2Required'] as const;

export const authSchemas = {
  register: {
    body: registerBody,
    response: loginResultSchema,
    errors: ['phoneTaken', 'wtIdTaken'],
    okMsg: '注册成功',
  },
  loginByPhone: { body: loginPwdBody, response: loginResultSchema, errors: login },
  loginById: { body: loginIdBody, response: loginResultSchema, errors: login },
  step2: { body: step2Body, response: loginResultSchema, errors: ['step2TicketInvalid', 'step2Wrong'] },
  step2Tips: {
    body: step2TipsBody,
    response: z.object({ tips: z.string() }),
    errors: ['step2TicketInvalid'],
  },
  setStep2: { body: setStep2Body, response: nullData, errors: ['wrongPassword'] },
  logout: { response: nullData, errors: [] },
  logoutOthers: { response: z.object({ count: z.number() }), errors: [] },
  genQrCode: { response: qrCodeIssuedSchema, errors: [] },
  pollQrCode: {
    body: qrPollBody,
    response: qrPollResultSchema,
    errors: ['qrExpired', 'qrUsed', 'qrUnknown'],
  },
  scanQrCode: { body: qrConfirmBody, response: qrStatusSchema, errors: ['qrExpired', 'qrUsed', 'qrUnknown'] },
  confirmQrCode: {
    body: qrConfirmBody,
    response: qrStatusSchema,
    errors: ['forbidden', 'qrExpired', 'qrUsed', 'qrUnknown'],
  },
} as const satisfies SchemasOf<typeof authRoutes>;
