import { def, type ErrorDef } from './define.js';

/** Group-call media (the SFU; Parley's own codes 23030–23049). */
export const sfuErrors = {
  sfuRoomNotFound: def(23030, 404, {
    'zh-CN': '通话的媒体连接不存在，请重新加入',
    en: "The call's media connection does not exist. Join again.",
    ja: '通話のメディア接続が存在しません。もう一度参加してください。',
  }),
  sfuNoSubscription: def(23031, 409, {
    'zh-CN': '没有待应答的媒体协商',
    en: 'There is no media offer waiting for an answer.',
    ja: '応答待ちのメディアオファーがありません。',
  }),
  sfuBadSdp: def(23032, 400, {
    'zh-CN': '媒体描述（SDP）无法使用',
    en: 'The media description (SDP) cannot be used.',
    ja: 'メディア記述（SDP）を使用できません。',
  }),
  sfuUnavailable: def(23033, 503, {
    'zh-CN': '媒体服务器暂时不可用，请稍后再试',
    en: 'The media server is unavailable. Try again later.',
    ja: 'メディアサーバーが利用できません。しばらくしてから再度お試しください。',
  }),
} as const satisfies Record<string, ErrorDef>;
