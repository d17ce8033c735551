export default {
  title: '定型文',
  edit: '編集',
  done: '完了',
  add: '定型文を追加',
  placeholder: '定型文を入力し、Enterで保存',
  editOne: 'クリックして編集',
  delete: '削除',
  deleteConfirm: '削除しますか？',
  deleted: '削除しました',
};
