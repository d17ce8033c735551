export default {
  title: 'プロフィールを編集',
  nickName: 'ニックネーム',
  bio: 'ひとこと',
  bioPlaceholder: '自己紹介を書きましょう',
  counter: '{{n}}/{{max}}',
  nickRequired: 'ニックネームを入力してください',
  nickTooLong: 'ニックネームは{{max}}文字以内です',
  save: '保存',
  saved: '変更しました',
  avatar: {
    change: 'アイコンを変更',
    changeShort: '変更',
    done: 'アップロードしました',
    failed: 'アップロードに失敗しました',
    type: 'jpg、png、gif、bmp、webp の画像を選んでください',
    size: '画像は10MB以下にしてください',
  },
};
