import type { LocalizedText } from './define.js';

/**
 * Texts a catalogue code is sent with when the entry's own text is not specific enough (the code
 * stays the entry's). `{name}` is filled by the server in every language. Add one here, with all
 * three texts, rather than writing a text at the throw.
 */
export const ErrorDetails = {
  qrScannedByOther: {
    'zh-CN': '二维码已被其他账号扫描',
    en: 'This QR code was scanned by another account.',
    ja: 'このQRコードは別のアカウントでスキャンされました。',
  },
  wtIdReserved: {
    'zh-CN': '该ID为系统保留，请更换',
    en: 'This ID is reserved. Please choose another one.',
    ja: 'このIDは予約されています。別のIDを選んでください。',
  },
  currentPasswordWrong: {
    'zh-CN': '当前密码错误',
    en: 'The current password is wrong.',
    ja: '現在のパスワードが正しくありません。',
  },
  senderNotSelf: {
    'zh-CN': '发送者必须是当前用户',
    en: 'The sender must be yourself.',
    ja: '送信者はご自身である必要があります。',
  },
  notFriendNamed: {
    'zh-CN': '对方不是你的好友: {wtId}',
    en: 'This person is not your friend: {wtId}',
    ja: '友達ではありません: {wtId}',
  },
  applyTooOften: {
    'zh-CN': '申请过于频繁，请稍后再试',
    en: 'Too many friend requests. Please try again later.',
    ja: '友達申請が多すぎます。しばらくしてからもう一度お試しください。',
  },
  uploadIncomplete: {
    'zh-CN': '上传数据不完整，请重试',
    en: 'The upload was incomplete. Please try again.',
    ja: 'アップロードが不完全です。もう一度お試しください。',
  },
  multipartBoundaryTooLong: {
    'zh-CN': 'multipart 分隔符（boundary）不能超过70个字符',
    en: 'The multipart boundary must be at most 70 characters long.',
    ja: 'multipart の区切り文字（boundary）は70文字以内にしてください。',
  },
  complaintTypeInvalid: {
    'zh-CN': '举报类型不正确',
    en: 'The report type is not valid.',
    ja: '通報の種類が正しくありません。',
  },
  systemNoticeNotAllowed: {
    'zh-CN': '不能发送系统通知',
    en: 'System notices cannot be sent.',
    ja: 'システム通知は送信できません。',
  },
  illegalChars: {
    'zh-CN': '含有非法字符',
    en: 'The request contains characters that are not allowed.',
    ja: '使用できない文字が含まれています。',
  },
  invalidJsonBody: {
    'zh-CN': '请求体不是有效的JSON',
    en: 'The request body is not valid JSON.',
    ja: 'リクエスト本文が有効なJSONではありません。',
  },
  frameNotJson: {
    'zh-CN': '消息帧不是有效的JSON',
    en: 'The frame is not valid JSON.',
    ja: 'フレームが有効なJSONではありません。',
  },
  frameBinary: {
    'zh-CN': '不支持二进制消息帧',
    en: 'Binary frames are not supported.',
    ja: 'バイナリフレームはサポートされていません。',
  },
  frameBadShape: {
    'zh-CN': '消息帧格式错误',
    en: 'The frame is malformed.',
    ja: 'フレームの形式が正しくありません。',
  },
  frameUnknownType: {
    'zh-CN': '未知的消息类型: {type}',
    en: 'Unknown frame type: {type}',
    ja: '不明なフレームの種類です: {type}',
  },
} as const satisfies Record<string, LocalizedText>;

export type ErrorDetailName = keyof typeof ErrorDetails;
