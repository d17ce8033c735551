import { def, type ErrorDef } from './define.js';

/** General refusals (HTTP-class codes) and the login session's codes. */
export const generalErrors = {
  // Generic HTTP-class errors.

  unauthorized: def(401, 401, {
    'zh-CN': '认证失败，无法访问系统资源',
    en: 'Authentication failed. You cannot access this resource.',
    ja: '認証に失敗しました。このリソースにはアクセスできません。',
  }),
  forbidden: def(403, 403, {
    'zh-CN': '当前操作没有权限',
    en: 'You do not have permission to do this.',
    ja: 'この操作を行う権限がありません。',
  }),
  notFound: def(404, 404, {
    'zh-CN': '访问资源不存在',
    en: 'The resource does not exist.',
    ja: 'アクセスしたリソースは存在しません。',
  }),
  unknown: def(500, 500, {
    'zh-CN': '系统未知错误，请反馈给管理员',
    en: 'Unknown system error. Please report it to the administrator.',
    ja: '不明なシステムエラーです。管理者にお知らせください。',
  }),
  badRequest: def(400, 400, {
    'zh-CN': '请求参数错误',
    en: 'Invalid request.',
    ja: 'リクエストが正しくありません。',
  }),
  unsupportedMediaType: def(415, 415, {
    'zh-CN': '不支持的请求内容类型',
    en: 'Unsupported content type.',
    ja: 'サポートされていないコンテンツタイプです。',
  }),
  payloadTooLarge: def(413, 413, {
    'zh-CN': '请求内容过大',
    en: 'The request is too large.',
    ja: 'リクエストが大きすぎます。',
  }),
  rangeNotSatisfiable: def(416, 416, {
    'zh-CN': '请求的范围超出了文件大小',
    en: 'The requested range is outside the file.',
    ja: '要求された範囲がファイルの大きさを超えています。',
  }),
  rateLimited: def(429, 429, {
    'zh-CN': '操作过于频繁，请稍后再试',
    en: 'Too many attempts. Please try again later.',
    ja: '操作が多すぎます。しばらくしてからもう一度お試しください。',
  }),

  // Login and session.

  step2Required: def(712, 200, {
    'zh-CN': '请输入二级密码',
    en: 'Please enter your second password.',
    ja: '二段階パスワードを入力してください。',
  }),
  sessionExpired: def(11011, 401, {
    'zh-CN': '登录已过期，请重新登录',
    en: 'Your login has expired. Please log in again.',
    ja: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  }),
  sessionRevoked: def(11013, 401, {
    'zh-CN': '登录状态已失效，请重新登录',
    en: 'Your login is no longer valid. Please log in again.',
    ja: 'ログイン状態が無効になりました。もう一度ログインしてください。',
  }),
  accountDisabled: def(11014, 401, {
    'zh-CN': '账号已被停用',
    en: 'This account has been disabled.',
    ja: 'このアカウントは停止されています。',
  }),
  forcedLogout: def(11016, 401, {
    'zh-CN': '您已被强制下线',
    en: 'You have been logged out.',
    ja: '強制的にログアウトされました。',
  }),
} as const satisfies Record<string, ErrorDef>;
