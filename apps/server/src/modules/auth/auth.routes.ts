import {
  loginIdBody,
  loginPwdBody,
  qrConfirmBody,
  qrPollBody,
  registerBody,
  setStep2Body,
  step2Body,
  step2TipsBody,
} from '@parley/protocol';
import { Errors } from '@parley/protocol';
import { route, type RouteDef } from '../../lib/route.js';
import type { AuthService } from './auth.service.js';
import type { QrService } from './qr.service.js';
import type { SessionService } from './session.service.js';

export function authRoutes(auth: AuthService, sessions: SessionService, qr: QrService): RouteDef[] {
  return [
    route({
      method: 'POST',
      url: '/user/login/register',
      auth: false,
      body: registerBody,
      okMsg: '注册成功',
      handler: (r) => auth.register(r.body, r),
    }),
    route({
      method: 'POST',
      url: '/user/login/pwd',
      auth: false,
      body: loginPwdBody,
      handler: (r) => auth.loginByPhone(r.body, r),
    }),
    route({
      method: 'POST',
      url: '/user/login/id',
      auth: false,
      body: loginIdBody,
      handler: (r) => auth.loginById(r.body, r),
    }),
    route({
      method: 'POST',
      url: '/user/login/step2pwd',
      auth: false,
      body: step2Body,
      handler: (r) => auth.step2(r.body, r),
    }),
    route({
      method: 'POST',
      url: '/user/login/step2pwd/tips',
      auth: false,
      body: step2TipsBody,
      handler: (r) => auth.step2Tips(r.body.ticket, r),
    }),
    route({
      method: 'POST',
      url: '/user/setStep2Pwd',
      body: setStep2Body,
      handler: (r) => auth.setStep2(r.session, r.body),
    }),
    route({ method: 'POST', url: '/user/logout', handler: (r) => sessions.logout(r.session) }),
    route({
      method: 'POST',
      url: '/user/logoutOthers',
      handler: async (r) => ({
        count: await sessions.revokeUser(r.userId, Errors.forcedLogout, r.session.tokenId),
      }),
    }),
    route({ method: 'POST', url: '/user/login/genQrCode', auth: false, handler: (r) => qr.issue(r) }),
    route({
      method: 'POST',
      url: '/user/login/qrCode',
      auth: false,
      body: qrPollBody,
      handler: (r) => qr.poll(r.body.qrCode, r),
    }),
    route({
      method: 'POST',
      url: '/user/login/qrCode/scan',
      body: qrConfirmBody,
      handler: (r) => qr.scan(r.session, r.body.qrCode),
    }),
    route({
      method: 'POST',
      url: '/user/login/qrCode/confirm',
      body: qrConfirmBody,
      handler: (r) => qr.confirm(r.session, r.body.qrCode),
    }),
  ] as RouteDef[];
}
