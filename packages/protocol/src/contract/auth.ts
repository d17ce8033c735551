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
import type { SchemasOf } from './define.js';
import type { authRoutes } from './auth.routes.js';

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
  scanQrCode: {
    body: qrConfirmBody,
    response: qrStatusSchema,
    errors: ['forbidden', 'qrExpired', 'qrUsed', 'qrUnknown'],
  },
  confirmQrCode: {
    body: qrConfirmBody,
    response: qrStatusSchema,
    errors: ['forbidden', 'qrExpired', 'qrUsed', 'qrUnknown', 'qrNotScanned'],
  },
} as const satisfies SchemasOf<typeof authRoutes>;
