import { def } from './define.js';

/** Refusals of the abuse limits and the idempotency and consent rules (Parley's own, 26xxx). */
export const hardeningErrors = {
  clientMsgIdReused: def(26001, 409, {
    'zh-CN': '该clientMsgId已用于其他会话，请换一个',
    en: 'This message ID was already used in another chat. Send it again with a new one.',
    ja: 'このメッセージIDは別のチャットで使用済みです。新しいIDで送信してください。',
  }),
  qrNotScanned: def(26002, 409, {
    'zh-CN': '请先扫描二维码',
    en: 'Scan the QR code first.',
    ja: '先にQRコードをスキャンしてください。',
  }),
  uploadQuotaExceeded: def(26003, 403, {
    'zh-CN': '存储空间已用完，无法继续上传',
    en: 'Your storage is used up: no more files can be uploaded.',
    ja: 'ストレージの上限に達したため、これ以上アップロードできません。',
  }),
  uploadsOpenLimit: def(26004, 429, {
    'zh-CN': '未完成的上传过多，请先完成或取消其他上传',
    en: 'Too many unfinished uploads. Finish or cancel one first.',
    ja: '未完了のアップロードが多すぎます。先に完了またはキャンセルしてください。',
  }),
  groupAddBlocked: def(26005, 403, {
    'zh-CN': '对方与你存在黑名单关系，无法加入群聊',
    en: 'One of you has blocked the other, so they cannot be added to the group.',
    ja: 'ブロック関係にあるため、グループに追加できません。',
  }),
  groupInvitationNotFound: def(26006, 404, {
    'zh-CN': '入群邀请不存在或已处理',
    en: 'This group invitation does not exist or was already handled.',
    ja: 'このグループ招待は存在しないか、すでに処理されています。',
  }),
} as const;
