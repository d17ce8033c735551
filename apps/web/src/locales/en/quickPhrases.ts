export default {
  title: 'Quick phrases',
  edit: 'Edit',
  done: 'Done',
  add: 'Add a phrase',
  placeholder: 'Type a phrase, Enter saves',
  editOne: 'Click to edit',
  delete: 'Delete',
  deleteConfirm: 'Delete this phrase?',
  deleted: 'Deleted',
};
