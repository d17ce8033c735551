import { Errors } from '@parley/protocol';
import type { DomainHandlers } from '../../lib/route.js';
import type { AuthService } from './auth.service.js';
import type { QrService } from './qr.service.js';
import type { SessionService } from './session.service.js';

/** Handlers of the `auth` routes of the contract (packages/protocol/src/contract/auth.ts). */
export function authHandlers(
  auth: AuthService,
  sessions: SessionService,
  qr: QrService,
): DomainHandlers<'auth'> {
  return {
    register: (r) => auth.register(r.body, r),
    loginByPhone: (r) => auth.loginByPhone(r.body, r),
    loginById: (r) => auth.loginById(r.body, r),
    step2: (r) => auth.step2(r.body, r),
    step2Tips: (r) => auth.step2Tips(r.body.ticket, r),
    setStep2: async (r) => {
      await auth.setStep2(r.session, r.body);
      return null;
    },
    logout: async (r) => {
      await sessions.logout(r.session);
      return null;
    },
    logoutOthers: async (r) => ({
      count: await sessions.revokeUser(r.userId, Errors.forcedLogout, r.session.tokenId),
    }),
    genQrCode: (r) => qr.issue(r),
    pollQrCode: (r) => qr.poll(r.body.qrCode, r),
    scanQrCode: (r) => qr.scan(r.session, r.body.qrCode),
    confirmQrCode: (r) => qr.confirm(r.session, r.body.qrCode),
  };
}
