import { def, type ErrorDef } from './define.js';

/** Accounts: Parley's auth codes (10001–10010), profile and uploads. */
export const accountErrors = {
  // Parley's auth errors.

  wrongPassword: def(10001, 400, {
    'zh-CN': '账号或密码错误',
    en: 'Wrong account or password.',
    ja: 'アカウントまたはパスワードが正しくありません。',
  }),
  phoneTaken: def(10002, 409, {
    'zh-CN': '该手机号已注册',
    en: 'This phone number is already registered.',
    ja: 'この電話番号は既に登録されています。',
  }),
  wtIdTaken: def(10003, 409, {
    'zh-CN': '该ID已被占用',
    en: 'This ID is already taken.',
    ja: 'このIDは既に使われています。',
  }),
  loginLocked: def(10004, 429, {
    'zh-CN': '登录失败次数过多，请15分钟后再试',
    en: 'Too many failed logins. Please try again in 15 minutes.',
    ja: 'ログインの失敗が多すぎます。15分後にもう一度お試しください。',
  }),
  step2TicketInvalid: def(10005, 400, {
    'zh-CN': '验证已过期，请重新登录',
    en: 'Verification expired. Please log in again.',
    ja: '認証の有効期限が切れました。もう一度ログインしてください。',
  }),
  step2Wrong: def(10006, 400, {
    'zh-CN': '二级密码错误',
    en: 'Wrong second password.',
    ja: '二段階パスワードが正しくありません。',
  }),
  qrExpired: def(10007, 400, {
    'zh-CN': '二维码已过期，请刷新',
    en: 'The QR code has expired. Please refresh it.',
    ja: 'QRコードの有効期限が切れました。更新してください。',
  }),
  qrUsed: def(10008, 409, {
    'zh-CN': '二维码已被使用，请刷新',
    en: 'The QR code has already been used. Please refresh it.',
    ja: 'QRコードは既に使用されています。更新してください。',
  }),
  qrUnknown: def(10009, 404, {
    'zh-CN': '二维码不存在',
    en: 'The QR code does not exist.',
    ja: 'QRコードが存在しません。',
  }),
  userNotFound: def(10010, 404, {
    'zh-CN': '该用户不存在',
    en: 'This user does not exist.',
    ja: 'このユーザーは存在しません。',
  }),

  // Profile and uploads.

  avatarInvalid: def(10011, 400, {
    'zh-CN': '头像地址无效，请重新上传',
    en: 'Invalid avatar address. Please upload it again.',
    ja: 'アイコンのアドレスが無効です。もう一度アップロードしてください。',
  }),
  uploadMissing: def(10012, 400, {
    'zh-CN': '请选择要上传的文件',
    en: 'Please choose a file to upload.',
    ja: 'アップロードするファイルを選択してください。',
  }),
} as const satisfies Record<string, ErrorDef>;
