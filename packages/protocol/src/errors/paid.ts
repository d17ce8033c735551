import { def, type ErrorDef } from './define.js';

/** Translation, voice to text and membership codes (Parley's 25xxx). */
export const paidErrors = {
  translationNotEnabled: def(25001, 403, {
    'zh-CN': '请开通翻译功能',
    en: 'Please enable the translation feature.',
    ja: '翻訳機能を有効にしてください',
  }),
  wrongMessageType: def(25002, 400, {
    'zh-CN': '该消息不支持此操作',
    en: 'This message does not support this action.',
    ja: 'このメッセージではこの操作はできません',
  }),
  textTooLongToTranslate: def(25003, 400, {
    'zh-CN': '消息过长，无法翻译',
    en: 'This message is too long to translate.',
    ja: 'メッセージが長すぎるため翻訳できません',
  }),
  soundTooLarge: def(25004, 413, {
    'zh-CN': '语音文件过大，无法转文字',
    en: 'This voice message is too large to transcribe.',
    ja: '音声ファイルが大きすぎるため文字起こしできません',
  }),
  translateFailed: def(25005, 502, {
    'zh-CN': '翻译服务暂时不可用，请稍后再试',
    en: 'The translation service is unavailable. Please try again later.',
    ja: '翻訳サービスは現在利用できません。しばらくしてからもう一度お試しください',
  }),
  transcribeFailed: def(25006, 502, {
    'zh-CN': '语音转文字服务暂时不可用，请稍后再试',
    en: 'The voice-to-text service is unavailable. Please try again later.',
    ja: '音声文字起こしサービスは現在利用できません。しばらくしてからもう一度お試しください',
  }),
  memberCodeInvalid: def(25010, 400, {
    'zh-CN': '兑换码无效',
    en: 'This code is not valid.',
    ja: '引き換えコードが無効です',
  }),
  memberCodeUsed: def(25011, 409, {
    'zh-CN': '兑换码已被使用',
    en: 'This code has already been used.',
    ja: 'この引き換えコードは使用済みです',
  }),
  memberRedeemLocked: def(25012, 429, {
    'zh-CN': '兑换尝试次数过多，请稍后再试',
    en: 'Too many attempts. Please try again later.',
    ja: '試行回数が多すぎます。しばらくしてからもう一度お試しください',
  }),
} as const satisfies Record<string, ErrorDef>;
