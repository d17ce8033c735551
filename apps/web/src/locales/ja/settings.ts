export default {
  title: '設定',
  sections: { notifications: '新着メッセージ通知', general: '一般' },
  rows: {
    notify: '新着メッセージ通知',
    notifyHint: 'オフにすると、新着メッセージと友だち申請の通知と通知音が止まります',
    preview: 'メッセージ内容を表示',
    previewHint: 'オフにすると、通知には「新しいメッセージがあります」とだけ表示されます',
    sound: '通知音',
    permission: 'ブラウザの通知許可',
    language: '言語',
    quickPhrases: '定型文',
    quickPhrasesHint: '個人チャットに定型文ボタンを表示する',
  },
  permission: {
    granted: '許可済み',
    denied: 'ブロック中：ブラウザのサイト設定で許可してください',
    default: 'まだ許可されていません',
    unsupported: 'このブラウザは通知に対応していません',
    ask: '通知を許可',
  },
  saved: '設定を保存しました',
  saveFailed: '保存できませんでした。もう一度お試しください',
};
