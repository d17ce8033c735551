import type {
  LoginIdBody,
  LoginPwdBody,
  LoginResult,
  QrCodeIssued,
  QrPollResult,
  RegisterBody,
  Step2Body,
} from '@parley/protocol';
import { http } from '../../lib/http';

/** Login calls opt out of the global error handler (SPEC §7); the forms show their errors inline. */
const silent = { silent: true } as const;

export const authApi = {
  loginByPhone: (body: LoginPwdBody) => http.post<LoginResult>('/user/login/pwd', body, silent),
  loginById: (body: LoginIdBody) => http.post<LoginResult>('/user/login/id', body, silent),
  step2: (body: Step2Body) => http.post<LoginResult>('/user/login/step2pwd', body, silent),
  step2Tips: (ticket: string) => http.post<{ tips: string }>('/user/login/step2pwd/tips', { ticket }, silent),
  register: (body: RegisterBody) => http.post<LoginResult>('/user/login/register', body),
  genQrCode: () => http.post<QrCodeIssued>('/user/login/genQrCode', {}, silent),
  pollQrCode: (qrCode: string) => http.post<QrPollResult>('/user/login/qrCode', { qrCode }, silent),
  scanQrCode: (qrCode: string) => http.post<null>('/user/login/qrCode/scan', { qrCode }, silent),
  confirmQrCode: (qrCode: string) => http.post<null>('/user/login/qrCode/confirm', { qrCode }, silent),
  logout: () => http.post<null>('/user/logout', {}, silent),
};
