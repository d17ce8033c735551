import { def, type ErrorDef } from './define.js';

/** Sending messages: the product's codes and their texts. */
export const messagingErrors = {
  sensitiveText: def(80001, 400, {
    'zh-CN': '消息或者资料中文本存在敏感内容,发送失败',
    en: 'The text contains sensitive content and was not sent.',
    ja: 'テキストに不適切な内容が含まれているため、送信できませんでした。',
  }),
  localBlockedWord: def(3123, 400, {
    'zh-CN': '文本包含本地审核拦截词',
    en: 'The text contains a blocked word.',
    ja: 'テキストに禁止語句が含まれています。',
  }),
  invalidImage: def(4004, 400, {
    'zh-CN': '图片消息失败,无效的图片格式',
    en: 'Image message failed: invalid image format.',
    ja: '画像メッセージの送信に失敗しました：画像形式が無効です。',
  }),
  bannedFile: def(4005, 400, {
    'zh-CN': '文件消息失败,禁止发送违规封禁的文件',
    en: 'File message failed: this file is banned.',
    ja: 'ファイルメッセージの送信に失敗しました：禁止されたファイルです。',
  }),
  fileMissing: def(7004, 404, {
    'zh-CN': '文件不存在,请检查文件路径是否正确',
    en: 'The file does not exist. Please check the file path.',
    ja: 'ファイルが存在しません。ファイルのパスを確認してください。',
  }),
  fileTooLarge: def(7005, 413, {
    'zh-CN': '文件大小超出了限制,如果上传文件,最大限制是100MB',
    en: 'The file is too large. Uploads are limited to 100 MB.',
    ja: 'ファイルサイズが上限を超えています。アップロードの上限は100MBです。',
  }),
  messageTooLong: def(80002, 400, {
    'zh-CN': '消息内容过长，请减少长度后重试',
    en: 'The message is too long. Please shorten it and try again.',
    ja: 'メッセージが長すぎます。短くしてからもう一度お試しください。',
  }),
  sensitiveImage: def(80004, 400, {
    'zh-CN': '消息中图片存在敏感内容,发送失败',
    en: 'The image contains sensitive content and was not sent.',
    ja: '画像に不適切な内容が含まれているため、送信できませんでした。',
  }),
  mutedInGroup: def(10017, 403, {
    'zh-CN': '您已被禁言',
    en: 'You have been muted.',
    ja: '発言が禁止されています。',
  }),
  allMuted: def(10017, 403, {
    'zh-CN': '全员禁言中',
    en: 'Everyone is muted.',
    ja: '全員の発言が禁止されています。',
  }),
  accountCancelled: def(20003, 404, {
    'zh-CN': '用户已注销',
    en: 'This account has been deleted.',
    ja: 'このユーザーは退会しました。',
  }),
  blacklisted: def(20007, 403, {
    'zh-CN': '对方已将你加入黑名单，消息发送失败',
    en: 'The identifier is in blacklist. Failed to send this message!',
    ja: '相手のブラックリストに入っているため、メッセージを送信できませんでした。',
  }),
  bannedSender: def(20012, 403, {
    'zh-CN': '封禁期间无法向其他用户发送消息',
    en: 'You cannot send messages to other users while banned.',
    ja: '利用停止中は他のユーザーにメッセージを送信できません。',
  }),
  revokeWindowPassed: def(20016, 403, {
    'zh-CN': '已过撤回时限',
    en: 'The time limit for recalling has passed.',
    ja: '取り消しできる時間を過ぎました。',
  }),
  messageNotForwardable: def(27001, 400, {
    'zh-CN': '该消息不支持转发',
    en: 'This message cannot be forwarded.',
    ja: 'このメッセージは転送できません。',
  }),
  quoteNotFound: def(27002, 400, {
    'zh-CN': '引用的消息不存在或无法查看',
    en: 'The quoted message does not exist in this chat or you cannot see it.',
    ja: '引用したメッセージはこのトークに存在しないか、閲覧できません。',
  }),
} as const satisfies Record<string, ErrorDef>;
