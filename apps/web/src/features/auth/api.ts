import type { RouteBody } from '@parley/protocol';
import { call } from '../../lib/api';

/** Login and register calls opt out of the global error handler; the forms show their errors inline. */
const silent = { silent: true } as const;

/** The auth routes of the contract table (packages/protocol/src/contract/auth.ts). */
export const authApi = {
  loginByPhone: (body: RouteBody<'auth', 'loginByPhone'>) => call('auth', 'loginByPhone', body, silent),
  loginById: (body: RouteBody<'auth', 'loginById'>) => call('auth', 'loginById', body, silent),
  step2: (body: RouteBody<'auth', 'step2'>) => call('auth', 'step2', body, silent),
  step2Tips: (ticket: string) => call('auth', 'step2Tips', { ticket }, silent),
  register: (body: RouteBody<'auth', 'register'>) => call('auth', 'register', body, silent),
  genQrCode: () => call('auth', 'genQrCode', undefined, silent),
  pollQrCode: (qrCode: string) => call('auth', 'pollQrCode', { qrCode }, silent),
  scanQrCode: (qrCode: string) => call('auth', 'scanQrCode', { qrCode }, silent),
  confirmQrCode: (qrCode: string) => call('auth', 'confirmQrCode', { qrCode }, silent),
  /** Ends the session of `token` on the server (the local session may already be cleared). */
  logout: (token: string | null) => call('auth', 'logout', undefined, { ...silent, token }),
};
