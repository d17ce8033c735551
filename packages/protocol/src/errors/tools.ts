import { def, type ErrorDef, type LocalizedText } from './define.js';

/** Conversation tools (Parley's 24xxx): quick phrases, custom tabs, the helper, pinned messages. */
export const toolErrors = {
  quickPhraseNotFound: def(24001, 404, {
    'zh-CN': '常用语不存在',
    en: 'This quick phrase does not exist.',
    ja: 'この定型文は存在しません。',
  }),
  quickPhraseLimit: def(24002, 409, {
    'zh-CN': '常用语数量已达上限',
    en: 'You have reached the maximum number of quick phrases.',
    ja: '定型文の数が上限に達しています。',
  }),
  sessionGroupNotFound: def(24010, 404, {
    'zh-CN': '分组不存在',
    en: 'This conversation group does not exist.',
    ja: 'このグループ分けは存在しません。',
  }),
  sessionGroupLimit: def(24011, 409, {
    'zh-CN': '最多创建20个分组',
    en: 'You can create at most 20 groups.',
    ja: 'グループ分けは最大20個まで作成できます。',
  }),
  sessionRelationInvalid: def(24012, 404, {
    'zh-CN': '会话不存在',
    en: 'The conversation does not exist.',
    ja: 'トークが存在しません。',
  }),
  helperFaqNotFound: def(24020, 404, {
    'zh-CN': '该问题不存在',
    en: 'This question does not exist.',
    ja: 'この質問は存在しません。',
  }),
  pinNotFound: def(24030, 404, {
    'zh-CN': '置顶消息不存在',
    en: 'This pinned message does not exist.',
    ja: 'このピン留めメッセージは存在しません。',
  }),
  pinLimit: def(24031, 409, {
    'zh-CN': '置顶消息数量已达上限',
    en: 'This chat already has the maximum number of pinned messages.',
    ja: 'このトークのピン留めメッセージが上限に達しています。',
  }),
  pinMessageNotFound: def(24032, 404, {
    'zh-CN': '消息不存在或已撤回',
    en: 'The message does not exist or was recalled.',
    ja: 'メッセージが存在しないか、取り消されました。',
  }),
  reactionMessageNotFound: def(24040, 404, {
    'zh-CN': '消息不存在或已撤回',
    en: 'The message does not exist or was recalled.',
    ja: 'メッセージが存在しないか、取り消されました。',
  }),
  reactionLimit: def(24041, 409, {
    'zh-CN': '该消息的表情回应已达上限',
    en: 'This message already has the maximum number of different reactions.',
    ja: 'このメッセージのリアクションの種類が上限に達しています。',
  }),
  reactionNotEmoji: def(24042, 400, {
    'zh-CN': '表情回应只能是一个表情符号',
    en: 'A reaction must be exactly one emoji.',
    ja: 'リアクションは絵文字1つだけにしてください。',
  }),
} as const satisfies Record<string, ErrorDef>;

/** Detail texts of the conversation tools' codes (see details.ts). */
export const ToolErrorDetails = {
  sessionRelationNamed: {
    'zh-CN': '会话不存在: {relationId}',
    en: 'The conversation does not exist: {relationId}',
    ja: 'トークが存在しません: {relationId}',
  },
} as const satisfies Record<string, LocalizedText>;
