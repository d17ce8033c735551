import { post } from './define.js';

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
